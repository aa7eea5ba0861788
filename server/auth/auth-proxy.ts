import type { Context } from 'hono';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { currentScope } from '../db/request-scope';
import type { AppEnv, Deps } from '../http/context';
import { clientAddress } from '../http/client-address';
import { RateLimitedError } from '../http/limits/rate-limited';

export interface AuthCallResult {
  ok: boolean;
  status: number;
  /** better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD) when not ok. */
  code: string | null;
  body: unknown;
  setCookies: string[];
  /** Seconds better-auth's own limiter asks to wait (its X-Retry-After), on a 429. */
  retryAfterSeconds: number | null;
}

/**
 * Calls one better-auth endpoint through its HTTP handler, so its origin checks and rate limits
 * apply, with a body our route has already validated. The caller decides what to answer.
 */
export async function callAuth(deps: Deps, c: Context<AppEnv>, endpoint: string, body?: Record<string, unknown>): Promise<AuthCallResult> {
  const headers = new Headers();
  for (const name of ['cookie', 'origin', 'referer', 'user-agent']) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  headers.set('x-forwarded-for', clientAddress(c, deps.config.env.TRUST_PROXY));
  if (body) headers.set('content-type', 'application/json');
  const url = new URL(`/api/auth${endpoint}`, deps.config.publicUrl);
  const res = await deps.auth.betterAuth.handler(
    new Request(url, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined }),
  );
  // better-auth answers a failed query with its own 500: when the request is over (deadline
  // passed, client gone), that failure is its cancelled work — 503, like any other route's.
  if (res.status >= 500) currentScope()?.throwIfOver();
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  const code = !res.ok && parsed && typeof parsed === 'object' && 'code' in parsed ? String((parsed as { code: unknown }).code) : null;
  const retryAfter = Number(res.headers.get('x-retry-after'));
  return {
    ok: res.ok,
    status: res.status,
    code,
    body: parsed,
    setCookies: res.headers.getSetCookie(),
    retryAfterSeconds: res.status === 429 && retryAfter > 0 ? retryAfter : null,
  };
}

/** Refusals that are not about the credentials: better-auth's per-address limit, a foreign origin. */
export function throwIfRefused(result: AuthCallResult): void {
  // Its limiter always sends X-Retry-After; a minute (its window) if it ever does not.
  if (result.status === 429) throw new RateLimitedError((result.retryAfterSeconds ?? 60) * 1000, MSG.rateLimitedFor);
  if (result.status === 403) throw new AppError('FORBIDDEN');
}

/** Passes better-auth's session cookies on to the browser. */
export function forwardCookies(c: Context<AppEnv>, result: AuthCallResult): void {
  for (const cookie of result.setCookies) c.header('Set-Cookie', cookie, { append: true });
}
