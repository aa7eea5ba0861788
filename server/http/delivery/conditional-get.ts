import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { compress, COMPRESS_MIN_BYTES, preferredEncoding, type EncodedVariants } from './compression';
import type { AppEnv } from '@server/http/context';

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

/** What a JSON answer was made from: the shared cache stores these instead of reading the body back. */
export interface SentJson {
  identity: string | Uint8Array<ArrayBuffer>;
  /** The strong tag of `identity` (GET 200 answers only). */
  etag?: string;
}

/**
 * Sends a body that may be revalidated and compressed — the one place for both rules (API JSON
 * through sendJson, the HTML page in spa.ts):
 * - with an `etag`, a GET whose If-None-Match matches it gets `304 Not Modified` without a body;
 * - from COMPRESS_MIN_BYTES on, the answer varies on Accept-Encoding and goes brotli or gzip when
 *   the client takes them (`variants`: codings already made, e.g. for a shared-cache entry;
 *   otherwise compressed here, fast). The tag of a compressed answer is the weak form of the same
 *   tag: an If-None-Match compares weakly, so either form revalidates.
 */
export function sendBody(
  c: Context<AppEnv>,
  identity: string | Uint8Array<ArrayBuffer>,
  options: {
    contentType: string;
    etag?: string;
    status?: ContentfulStatusCode;
    headers?: Record<string, string>;
    variants?: EncodedVariants;
  },
): Response {
  const { etag, status, variants } = options;
  const headers: Record<string, string> = { 'Content-Type': options.contentType, ...options.headers };
  if (etag) {
    headers.ETag = etag;
    if (c.req.method === 'GET' && etagMatches(etag, c.req.header('if-none-match'))) return c.body(null, 304, headers);
  }
  const size = typeof identity === 'string' ? Buffer.byteLength(identity) : identity.byteLength;
  if (size < COMPRESS_MIN_BYTES) return c.body(identity, status, headers);
  c.header('Vary', 'Accept-Encoding', { append: true });
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(identity, status, headers);
  headers['Content-Encoding'] = encoding;
  if (etag) headers.ETag = `W/${etag}`;
  return c.body(variants ? variants.get(encoding) : compress(identity, encoding, 'fast'), status, headers);
}

/**
 * Sends an API JSON answer (sendBody) and records what it was made from, for the shared cache.
 * A GET 200 answer carries `etag`, the hash of its bytes.
 */
export function sendJson(
  c: Context<AppEnv>,
  identity: string | Uint8Array<ArrayBuffer>,
  options: { etag?: string; status?: ContentfulStatusCode; headers?: Record<string, string>; variants?: EncodedVariants } = {},
): Response {
  c.set('sentJson', { identity, etag: options.etag });
  return sendBody(c, identity, { ...options, contentType: 'application/json' });
}

/**
 * Every JSON answer of the API goes through sendJson: `c.json` is wrapped for the request, so
 * the tag is hashed from the text just serialised and the text is compressed as it is sent.
 * (Reading a finished answer back instead — `res.arrayBuffer()` and a new Response — turns the
 * server's plain-string response into web streams and cost a quarter of a signed-in gallery
 * request's CPU: docs/benchmarks.md.) hono/etag and hono/compress would do exactly that, and the
 * first would wait on the endless event stream. A GET 200 JSON answer made any other way still
 * gets its tag (and 304) here, read back as the fallback.
 */
export const jsonResponses: MiddlewareHandler<AppEnv> = async (c, next) => {
  const isGet = c.req.method === 'GET';
  const json = c.json;
  c.json = ((object: unknown, arg?: ContentfulStatusCode | ResponseInit, headers?: Record<string, string>) => {
    const text = JSON.stringify(object) as string | undefined;
    if (text === undefined || (arg !== undefined && typeof arg !== 'number')) return json(object, arg as ContentfulStatusCode, headers);
    const ok = arg === undefined || arg === 200;
    return sendJson(c, text, { etag: isGet && ok ? etagOf(text) : undefined, status: arg, headers });
  }) as typeof c.json;
  await next();
  if (!isGet || c.res.status !== 200 || c.res.headers.has('ETag')) return;
  if (!(c.res.headers.get('content-type') ?? '').startsWith('application/json')) return;
  const body = new Uint8Array(await c.res.arrayBuffer());
  const etag = etagOf(body);
  c.res = new Response(body, c.res);
  c.res.headers.set('ETag', etag);
  if (!etagMatches(etag, c.req.header('if-none-match'))) return;
  // The context copies the previous answer's headers (Cache-Control, Vary, ETag…) onto this one.
  c.res = new Response(null, { status: 304 });
  c.res.headers.delete('content-length');
};
