import type { Context } from 'hono';
import { AppError } from '@domain/errors';

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

const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' };

/**
 * 503 with Retry-After and the French message — the error's own when it is an UNAVAILABLE AppError
 * that says more (sign-in while Redis is unreachable); never stored by a cache.
 */
export function overloaded(c: Context, err?: unknown): Response {
  const error = err instanceof AppError && err.code === 'UNAVAILABLE' ? err : new AppError('UNAVAILABLE');
  return c.json(error.toBody(), 503, headers);
}
