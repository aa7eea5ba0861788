import crypto from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import type { AppEnv } from './context';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricSources {
  /** Open server-sent-event streams (live pending count, live unread notifications). */
  sseClients(): number;
  /** Connection pool of PostgreSQL; null on PGlite (one in-process connection). */
  poolStats(): PoolStats | null;
  /** Expensive reads holding a slot or waiting for one (server/db/load-shedding.ts). */
  expensiveQueries(): { running: number; waiting: number };
  /** Whether Redis answers (1) or not (0); null without REDIS_URL (the gauge is then absent). */
  redisUp?(): boolean | null;
}

/**
 * Prometheus metrics of one server: requests and latency per route pattern (never the raw path,
 * so the number of series stays bounded), database pool and expensive-read slots, SSE clients, Redis connection, upload bytes and the
 * process's own figures (memory, CPU, event-loop lag). Built only when METRICS_TOKEN is set.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'media_upload_bytes_total',
    help: 'Bytes of media files accepted by uploads',
    registers: [registry],
  });
  const responseCache = new Counter({
    name: 'http_response_cache_total',
    help: 'Anonymous creative reads answered from the shared response cache (hit) or not (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'sse_clients',
    help: 'Open server-sent-event streams',
    registers: [registry],
    collect() {
      this.set(sources.sseClients());
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'db_expensive_queries',
    help: 'Expensive reads (gallery pages, analytics, user search) running or waiting for a slot',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { running, waiting } = sources.expensiveQueries();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Gauge({
    name: 'redis_up',
    help: 'Whether both connections to Redis (commands, subscription) are up (absent without REDIS_URL)',
    registers: [registry],
    collect() {
      const up = sources.redisUp?.() ?? null;
      if (up !== null) this.set(up ? 1 : 0);
    },
  });
  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    countUpload(bytes: number) {
      uploadBytes.inc(bytes);
    },
    countResponseCache(result: 'hit' | 'miss') {
      responseCache.inc({ result });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The route pattern that answered (`/api/creatives/:id`), or the middleware's when none did. */
export function routeOf(c: Parameters<MiddlewareHandler>[0]): string {
  return routePath(c, c.req.routeIndex) || 'unmatched';
}

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** GET /api/metrics in Prometheus text format, for a scraper holding `Authorization: Bearer METRICS_TOKEN`. */
export function metricsRoutes(metrics: Metrics | null, token: string | undefined) {
  return new Hono<AppEnv>().get('/', async (c) => {
    if (!metrics || !token) throw new AppError('NOT_FOUND');
    const auth = c.req.header('authorization') ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!given || !sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', { message: MSG.metricsTokenInvalid });
    }
    c.header('Content-Type', metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });
}
