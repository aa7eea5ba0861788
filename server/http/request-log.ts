import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { logger } from '../log';
import type { AppEnv } from './context';
import { routeOf, type Metrics } from './metrics';

/** An incoming `X-Request-Id` is kept when it looks like an id; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Probes of a load balancer or monitor: counted, but logged only at debug level. */
const PROBES = new Set(['/api/health', '/api/ready', '/api/metrics']);

/** Sets a header on the final response, copying it first when its headers are immutable. */
function setHeader(c: Parameters<MiddlewareHandler<AppEnv>>[0], name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/**
 * One JSON line per request (time, level, request id, method, route pattern, status, duration,
 * user id) — never headers, cookies or bodies — and the request metrics. The request id is echoed
 * in `X-Request-Id` and given to the error handler.
 */
export function requestLog(metrics: Metrics | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    setHeader(c, 'X-Request-Id', requestId);
    const seconds = (performance.now() - started) / 1000;
    const route = routeOf(c);
    const status = c.res.status;
    metrics?.observeRequest(c.req.method, route, status, seconds);
    const level = PROBES.has(c.req.path) ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        reqId: requestId,
        method: c.req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        userId: c.get('user')?.id ?? null,
      },
      'request',
    );
  };
}
