import { createMetrics, type Metrics } from '@server/http/metrics';
import type { RedisLink } from '@server/redis/redis-link';
import type { DepsOptions } from './build-deps';
import type { EventDeps } from './event-deps';
import type { LimitDeps } from './limit-deps';

/** How the server is run: its metrics, its stop, and the Redis it shares with the other instances. */
export interface OpsDeps {
  /** Prometheus metrics; null when METRICS_TOKEN is unset (nothing is counted). */
  metrics: Metrics | null;
  /** Set when the server is stopping: readiness answers 503 so a load balancer drains it. */
  lifecycle: { stopping: boolean };
  /** Redis shared by the server instances (REDIS_URL); null in a single process. */
  redis: RedisLink | null;
}

export function opsDeps(
  options: Pick<DepsOptions, 'config' | 'poolStats'>,
  built: { redis: RedisLink | null; events: EventDeps; limits: LimitDeps },
): OpsDeps {
  const { redis, events, limits } = built;
  const metrics = options.config.env.METRICS_TOKEN
    ? createMetrics({
        sseClients: () => events.pending.clients + events.notificationEvents.clients,
        poolStats: options.poolStats ?? (() => null),
        expensiveQueries: () => limits.expensiveQueries.stats,
        redisUp: () => (redis ? redis.state === 'ready' : null),
      })
    : null;
  return { metrics, lifecycle: { stopping: false }, redis };
}
