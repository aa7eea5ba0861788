import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '@domain/errors';
import { logger } from '../log';
import { RateLimitedError } from './limits/rate-limited';
import { isConnectionFailure, isOverload, overloaded } from './limits/unavailable';

/** The one place that turns a thrown error into the JSON error body `{error: {code, message}}`. */
export function handleError(err: Error, c: Context): Response {
  if (isOverload(err)) return overloaded(c, err);
  // A dependency out of reach (PostgreSQL down, restarting or out of connections): the same answer,
  // logged without its stack — the client may retry, the operator must know.
  if (isConnectionFailure(err)) {
    logger.warn({ code: connectionErrorCode(err), reason: err.message, path: c.req.path }, 'dépendance injoignable : 503');
    return overloaded(c);
  }
  if (err instanceof AppError) {
    if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(err.toBody(), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION';
    return c.json(new AppError(code).toBody(), err.status);
  }
  const requestId = (c.get('requestId') as string | undefined) ?? 'unknown';
  logger.error({ err, reqId: requestId, method: c.req.method, path: c.req.path }, 'unexpected error');
  const body = new AppError('INTERNAL').toBody();
  return c.json({ error: { ...body.error, requestId } }, 500);
}

/** The first code along the error's causes (ECONNREFUSED, 57P03…), for the log. */
function connectionErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function notFoundRoute(c: Context): Response {
  return c.json(new AppError('NOT_FOUND').toBody(), 404);
}
