import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/** A strong ETag: SHA-1 of the body bytes, base64url (27 characters). */
export function etagOf(body: Uint8Array): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match: `*`, or a list of tags (weak ones compare by their opaque part, RFC 9110 §13.1.2). */
export function etagMatches(etag: string, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** Answers that hold a session or personal data: the browser keeps no copy of them. */
const NO_STORE = /^\/api\/(?:auth|me|users)(?:\/|$)/;

/**
 * Cache-Control of the API. Reads (GET) are `private, no-cache`: the browser may keep them but
 * revalidates each time (If-None-Match → 304 when nothing changed); `Vary: Cookie` because the
 * answer depends on the session (likedByMe, the analysis). Writes, auth/session answers, the
 * account and the user list stay `no-store`. A route may still set its own (downloads, SSE).
 */
export const apiCacheHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET' && !NO_STORE.test(c.req.path)) {
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie');
  } else {
    c.header('Cache-Control', 'no-store');
  }
  await next();
};

/**
 * ETag and 304 for the JSON reads of the API, signed in or not. The tag is the hash of the body
 * bytes (or the one the shared response cache already stored with them); an If-None-Match that
 * matches gets `304 Not Modified` without a body. Only 200 JSON answers are touched: a file
 * download or the live event stream passes through untouched. (hono/etag would hash any body,
 * waiting on the endless event stream, and with async WebCrypto per chunk.)
 */
export const conditionalGet: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || c.res.status !== 200) return;
  if (!(c.res.headers.get('content-type') ?? '').startsWith('application/json')) return;
  let etag = c.res.headers.get('ETag');
  if (!etag) {
    const body = new Uint8Array(await c.res.arrayBuffer());
    etag = etagOf(body);
    c.res = new Response(body, c.res);
    c.res.headers.set('ETag', etag);
  }
  if (!etagMatches(etag, c.req.header('if-none-match'))) return;
  const previous = c.res;
  await previous.body?.cancel();
  // The context copies the previous answer's headers (Cache-Control, Vary, ETag…) onto this one.
  c.res = new Response(null, { status: 304 });
  c.res.headers.delete('content-length');
};
