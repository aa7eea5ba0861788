import type { MiddlewareHandler } from 'hono';
import { currentScope, RequestScope } from '@server/db/request-scope';
import type { AppEnv } from '@server/http/context';
import { overloaded } from './unavailable';

/**
 * Every /api request runs in a RequestScope (server/db/request-scope.ts): when its client
 * disconnects (@hono/node-server aborts `c.req.raw.signal` when the connection closes before the
 * answer is written) or `deadlineMs` passes, its database work is cancelled. At the deadline the
 * client gets 503 with Retry-After at once, without waiting for the handler to notice.
 *
 * Health, readiness, metrics and /media are mounted before this middleware and have no deadline;
 * an upload opts out with `withoutDeadline`; a streamed answer (the event stream, a download) is
 * out of it once its handler has returned the response, the stream still to come.
 */
export function requestDeadline(deadlineMs: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const scope = new RequestScope(c.req.raw.signal, deadlineMs);
    try {
      const work = scope.run(next);
      const expired = await Promise.race([work.then(() => false), scope.expired.then(() => true)]);
      if (!expired) return;
      // The handler may still be running (its queries are being cancelled): it answers no one now,
      // and what it left in the context must not be merged into this answer.
      c.res = undefined;
      c.res = overloaded(c);
    } finally {
      scope.lift();
    }
  };
}

/**
 * Route middleware: this request has no deadline — an upload's body may take minutes on a slow
 * line. Its client disconnecting still cancels its queries.
 */
export const withoutDeadline: MiddlewareHandler<AppEnv> = async (_c, next) => {
  currentScope()?.lift();
  await next();
};
