import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';

/** A strong ETag: SHA-1 of the body bytes (a string counts as its UTF-8 bytes), base64url (27 characters). */
export function etagOf(body: Uint8Array | string): string {
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
 *
 * The tag is taken where the body is made: for a GET, `c.json` is wrapped for this request so it
 * hashes the text it has just serialised. Reading a finished answer back instead
 * (`res.arrayBuffer()` and a new Response) turns the server's plain-string response into web
 * streams and cost a quarter of a signed-in gallery request's CPU (docs/benchmarks.md); it stays
 * only as the fallback for a JSON body made any other way.
 */
export const conditionalGet: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET') return next();
  const json = c.json;
  c.json = ((object: unknown, arg?: ContentfulStatusCode | ResponseInit, headers?: Record<string, string>) => {
    const text = JSON.stringify(object) as string | undefined;
    const status = typeof arg === 'number' ? arg : arg?.status;
    if (text === undefined || (status !== undefined && status !== 200)) return json(object, arg as ContentfulStatusCode, headers);
    c.header('ETag', etagOf(text));
    return c.body(text, arg as ContentfulStatusCode, { 'Content-Type': 'application/json', ...headers });
  }) as typeof c.json;
  await next();
  if (c.res.status !== 200) return;
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
