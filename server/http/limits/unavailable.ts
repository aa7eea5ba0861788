import type { Context } from 'hono';
import { AppError } from '@domain/errors';

/**
 * Is this error a temporary unavailability? The one place that decides it, and the one answer.
 *
 * A request that meets such an error is answered **503** with `Retry-After: 5`, `Cache-Control:
 * no-store` and `{"error":{"code":"UNAVAILABLE","message":"Le service est momentanément surchargé.
 * Réessayez dans quelques instants."}}` (or the UNAVAILABLE AppError's own message) — never 500,
 * never a stack. The kinds:
 * - `isOverload`: too busy right now — AppError UNAVAILABLE, thrown by the load shedding
 *   (server/db/load-shedding.ts: the expensive reads' queue full or its wait over), by the pool
 *   when no connection comes free in time (server/db/cancellable-pool.ts) and at the request's
 *   deadline (server/http/limits/deadline.ts); or a statement PostgreSQL cancelled (57014);
 * - `isConnectionFailure`: a dependency out of reach — PostgreSQL refusing, down, restarting or
 *   out of connections (SQLSTATE class 08, 57P01–57P03, 53300), a socket refused or reset
 *   (ECONNREFUSED…), pg's messages of a lost connection;
 * - `isUnavailable`: either. Drizzle's wrapping (`cause`) and Node's AggregateError are looked through.
 *
 * Who asks:
 * - `handleError` (server/http/errors.ts), the app's one error handler, for every route;
 * - better-auth's calls (server/auth/auth-refusals.ts): its database adapter notes these errors, so
 *   its session lookup (every request with a cookie, an event stream's), sign-in, sign-out and the
 *   password endpoints answer the same 503 instead of better-auth's own 500 or "no session" (401);
 * - the request deadline, which answers with `overloaded()` itself.
 *
 * Fault drills and tests make the database throw one of these (tests/helpers/shedding-db.ts
 * `shedBeyond`). A new way for a dependency to say "not now" (another driver's error) is added here,
 * with its case in server/http/errors.test.ts: every path above follows.
 */

/** What an overloaded answer asks the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's query_canceled: the statement timeout, or a cancel of ours (cancellable-pool.ts). */
const QUERY_CANCELED = '57014';

/**
 * Errors that mean "too busy right now" rather than "broken" — AppError UNAVAILABLE (the request's
 * deadline, load shedding, no connection in time) or a cancelled statement — also when Drizzle has
 * wrapped them (DrizzleQueryError keeps the driver's error as its `cause`).
 */
export function isOverload(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof AppError) return e.code === 'UNAVAILABLE';
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/**
 * PostgreSQL's SQLSTATEs of a server that cannot take a connection or has dropped it: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, shutting down, in recovery) and 53300 too_many_connections.
 */
const UNREACHABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Node's socket and DNS errors: the database (or Redis, the object store) cannot be reached. */
const UNREACHABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg's errors about its connection, which carry no code: the socket closed ('Connection terminated
 * unexpectedly', '… due to connection timeout'), a client left unusable by it, no connection made
 * within connectionTimeoutMillis ('timeout expired'), or none free in time from a pool.
 */
const LOST_CONNECTION =
  /^(?:Connection terminated\b|Client has encountered a connection error|Client was closed and is not queryable|timeout expired$|timeout exceeded when trying to connect$)/;

/**
 * A dependency that cannot be reached or has dropped the connection — PostgreSQL refusing, down,
 * restarting, out of connections; a socket refused or reset — also when Drizzle has wrapped it (as
 * `cause`) or Node has gathered several attempts in an AggregateError (`errors`).
 */
export function isConnectionFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
    if (LOST_CONNECTION.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isConnectionFailure(inner))) return true;
  }
  return false;
}

/** Every refusal answered 503 with Retry-After: overload (isOverload) or an unreachable dependency (isConnectionFailure). */
export function isUnavailable(err: unknown): boolean {
  return isOverload(err) || isConnectionFailure(err);
}

const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' };

/**
 * 503 with Retry-After and the French message — the error's own when it is an UNAVAILABLE AppError
 * that says more (sign-in while Redis is unreachable); never stored by a cache.
 */
export function overloaded(c: Context, err?: unknown): Response {
  const error = err instanceof AppError && err.code === 'UNAVAILABLE' ? err : new AppError('UNAVAILABLE');
  return c.json(error.toBody(), 503, headers);
}
