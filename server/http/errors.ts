import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../domain/errors';

/** The one place that turns a thrown error into the JSON error body `{error: {code, message}}`. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    return c.json(err.toBody(), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION';
    return c.json(new AppError(code).toBody(), err.status);
  }
  console.error('[api] unexpected error', c.req.method, c.req.path, err);
  return c.json(new AppError('INTERNAL').toBody(), 500);
}

export function notFoundRoute(c: Context): Response {
  return c.json(new AppError('NOT_FOUND').toBody(), 404);
}
