import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthOptions, DBAdapter } from 'better-auth';
import { AppError } from '@domain/errors';
import { isUnavailable } from '../http/limits/unavailable';

/**
 * better-auth's refusals under overload (503, never 500).
 *
 * When its database refuses — the pool's load shedding, no connection in time, the request's
 * deadline (AppError UNAVAILABLE), a cancelled statement, PostgreSQL out of reach — better-auth does
 * not let the error through: get-session catches it and throws its own APIError 500
 * (FAILED_TO_GET_SESSION), its router answers any other endpoint's with a bare 500, its session
 * middleware takes it for "no session" (401), and the cause is lost on the way. So the refusal is
 * noted where it crosses into better-auth, in its database adapter (`noticingRefusals`), for the
 * call of better-auth under way; when that call then fails (throws, or answers 4xx/5xx),
 * `refusingWhenUnavailable` throws the refusal instead — AppError UNAVAILABLE, which the one error
 * handler answers 503 with Retry-After and the French message.
 * Every way into better-auth is covered: its HTTP handler (callAuth) and each `auth.api` call (the
 * session lookup of every request, /api/me's).
 *
 * A refusal that better-auth gets over (a session refresh it does not wait for) changes nothing.
 */

interface AuthCall {
  refusal?: unknown;
}

/** The call of better-auth under way in this async context (AsyncLocalStorage: concurrent calls do not mix). */
const calls = new AsyncLocalStorage<AuthCall>();

function note(err: unknown): void {
  const call = calls.getStore();
  if (call && call.refusal === undefined && isUnavailable(err)) call.refusal = err;
}

/** The error to throw for a failed call of better-auth, or undefined when its own error stands. */
function refusalOf(call: AuthCall, err?: unknown): AppError | undefined {
  if (err instanceof AppError) return undefined; // ours already (a refusal of its rate limit's store, say)
  const refusal = call.refusal ?? (isUnavailable(err) ? err : undefined);
  if (refusal === undefined) return undefined;
  // Our own refusal, maybe wrapped by Drizzle (DrizzleQueryError keeps it as `cause`): as it is.
  for (let e: unknown = refusal, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof AppError && e.code === 'UNAVAILABLE') return e;
  }
  const unavailable = new AppError('UNAVAILABLE');
  unavailable.cause = refusal;
  return unavailable;
}

/** `work` as one call of better-auth: AppError UNAVAILABLE when it fails after its database refused. */
async function watched<T>(work: () => Promise<T>): Promise<T> {
  const call: AuthCall = {};
  let result: T;
  try {
    result = await calls.run(call, work);
  } catch (err) {
    throw refusalOf(call, err) ?? err;
  }
  // Not only a 5xx: an endpoint behind better-auth's session middleware takes a refused session
  // lookup for no session at all and answers 401, which would sign the user out.
  if (result instanceof Response && result.status >= 400) {
    const refusal = refusalOf(call);
    if (refusal) {
      void result.body?.cancel();
      throw refusal;
    }
  }
  return result;
}

type Method = (...args: unknown[]) => unknown;

/** Each method of an adapter, noting the refusals it meets; a transaction's adapter likewise. */
function noticing<T extends object>(adapter: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(adapter)) {
    if (typeof value !== 'function') {
      wrapped[key] = value;
      continue;
    }
    const method = value as Method;
    wrapped[key] = (...args: unknown[]) => {
      if (key === 'transaction' && typeof args[0] === 'function') {
        const work = args[0] as (trx: object) => unknown;
        args[0] = (trx: object) => work(noticing(trx));
      }
      let out: unknown;
      try {
        out = method.apply(adapter, args);
      } catch (err) {
        note(err);
        throw err;
      }
      if (!(out instanceof Promise)) return out;
      return out.catch((err: unknown) => {
        note(err);
        throw err;
      });
    };
  }
  return wrapped as T;
}

/** better-auth's database adapter, noting for the call under way every refusal it meets (see above). */
export function noticingRefusals<O extends BetterAuthOptions>(factory: (options: O) => DBAdapter<O>): (options: O) => DBAdapter<O> {
  return (options) => noticing(factory(options));
}

interface AuthEntryPoints {
  handler: (request: Request) => Promise<Response>;
  api: object;
}

/**
 * The auth whose HTTP handler and `api` calls throw AppError UNAVAILABLE when better-auth fails
 * after its database refused (see above); everything else as it is.
 */
export function refusingWhenUnavailable<A extends AuthEntryPoints>(auth: A): A {
  const handler = (request: Request) => watched(() => auth.handler(request));
  const api: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(auth.api)) {
    if (typeof value !== 'function') {
      api[key] = value;
      continue;
    }
    const endpoint = value as Method;
    // Its `path` and `options` stay readable on the wrapper.
    api[key] = Object.assign((...args: unknown[]) => watched(async () => endpoint(...args)), endpoint);
  }
  return { ...auth, handler, fetch: handler, api } as A;
}
