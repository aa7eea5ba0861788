import { capacityOf, ExpensiveQueries } from '@server/db/load-shedding';
import { MemoryRateLimitStore, type RateLimitStore } from '@server/http/limits/rate-limit-store';
import { RedisRateLimitStore } from '@server/http/limits/redis-rate-limit-store';
import type { RedisLink } from '@server/redis/redis-link';
import type { DepsOptions } from './build-deps';

/** What a request may cost: the budgets' counters and the slots of the expensive reads. */
export interface LimitDeps {
  /** Buckets of the per-account and per-client write budgets (server/http/limits/rate-limit.ts); null when WRITE_RATE_LIMIT=off. */
  writes: RateLimitStore | null;
  /**
   * Buckets of the limits against guessing (password resets, share passwords) and of the share
   * views: counted even with WRITE_RATE_LIMIT=off, and shared through Redis when the instances share one.
   */
  alwaysOn: RateLimitStore;
  /** Slots of the expensive reads (gallery pages, analytics, user search): beyond them, 503. */
  expensiveQueries: ExpensiveQueries;
}

export function limitDeps(options: Pick<DepsOptions, 'config' | 'now' | 'capacity'>, redis: RedisLink | null): LimitDeps {
  const { now } = options;
  const writes =
    options.config.env.WRITE_RATE_LIMIT === 'off'
      ? null
      : redis
        ? new RedisRateLimitStore(redis, { now })
        : new MemoryRateLimitStore({ now });
  return {
    writes,
    alwaysOn: redis ? new RedisRateLimitStore(redis, { now }) : (writes ?? new MemoryRateLimitStore({ now })),
    expensiveQueries: new ExpensiveQueries(options.capacity ?? capacityOf(1)),
  };
}
