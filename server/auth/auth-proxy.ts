import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { currentScope } from '../db/request-scope';
import type { AppEnv, Deps } from '../http/context';

export interface AuthCallResult {
  ok: boolean;
  status: number;
  /** better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD) when not ok. */
  code: string | null;
  body: unknown;
  setCookies: string[];
}

/** The client's address: the socket peer, or the proxy's X-Forwarded-For when TRUST_PROXY is set. */
function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // in-process requests (tests) have no socket
  }
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
  const res = await deps.auth.handler(
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
  return { ok: res.ok, status: res.status, code, body: parsed, setCookies: res.headers.getSetCookie() };
}

/** Passes better-auth's session cookies on to the browser. */
export function forwardCookies(c: Context<AppEnv>, result: AuthCallResult): void {
  for (const cookie of result.setCookies) c.header('Set-Cookie', cookie, { append: true });
}
