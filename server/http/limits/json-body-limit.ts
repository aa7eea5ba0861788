import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '@domain/errors';
import type { AppEnv } from '@server/http/context';

/** JSON bodies are small; uploads (multipart) have their own streaming limits (server/media/upload.ts). */
export const JSON_BODY_LIMIT = 256 * 1024;

const tooLarge = () => {
  throw new AppError('PAYLOAD_TOO_LARGE');
};

/**
 * 413 for an API request whose JSON body is over JSON_BODY_LIMIT. Decided from the headers when
 * they say it all — GET and HEAD, a request without a body (a like), or a Content-Length, which
 * Node's parser holds the body to — so that the request is never turned into a fetch `Request`
 * to look at its body (that cost most of a like's CPU, docs/benchmarks.md). Only a chunked body
 * is counted as it arrives (hono/body-limit). Uploads (multipart) are limited while they stream.
 */
export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  const counted = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return next();
    if (c.req.header('transfer-encoding')) return counted(c, next);
    if (Number(c.req.header('content-length') ?? 0) > JSON_BODY_LIMIT) tooLarge();
    return next();
  };
}
