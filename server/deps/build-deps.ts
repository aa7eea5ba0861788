import type { JobQueue } from '@server/analysis/queue/job-queue';
import type { Db } from '@server/db/client';
import type { Capacity } from '@server/db/load-shedding';
import type { ServerConfig } from '@server/env';
import type { Deps } from '@server/http/context';
import type { PoolStats } from '@server/http/metrics';
import type { Mailer } from '@server/mail/mailer';
import type { MediaTools } from '@server/media/media-tools';
import type { MediaStore } from '@server/media/store';
import type { RedisLink } from '@server/redis/redis-link';
import { LikeWriter } from '@server/services/creatives/like-writer';
import type { WebhookSender } from '@server/services/webhooks';
import { authDeps } from './auth-deps';
import { cacheDeps } from './cache-deps';
import { eventDeps } from './event-deps';
import { limitDeps } from './limit-deps';
import { mediaDeps } from './media-deps';
import { opsDeps } from './ops-deps';
import { outboundDeps } from './outbound-deps';

export interface DepsOptions {
  db: Db;
  config: ServerConfig;
  secret: string;
  media?: MediaStore;
  webhooks?: WebhookSender;
  trustedOrigins?: string[];
  rateLimit?: boolean;
  mediaTools?: MediaTools;
  /** PostgreSQL pool figures for the metrics (PGlite has none). */
  poolStats?: () => PoolStats | null;
  /** The clock of the rate limits (tests move it instead of waiting). */
  now?: () => number;
  /** The database's capacity (Database.capacity); default: one connection, as PGlite. */
  capacity?: Capacity;
  /**
   * Redis shared with the other instances (REDIS_URL, opened by the caller, who closes it): live
   * events, rate limits and cache invalidation go through it. Without it, all stay in this process.
   */
  redis?: RedisLink | null;
  /** Where e-mails go; default: SMTP_URL, or DATA_DIR/outbox/ without it. */
  mailer?: Mailer;
  /** The media-analysis queue, started by the caller (who stops it); none: nothing is queued. */
  analysis?: Pick<JobQueue, 'enqueue'> | null;
}

/**
 * Wires the services of one server (or one test) together, one group of `Deps` at a time: each
 * group's factory (beside this file) says what it holds and how it is chosen from the settings.
 */
export function buildDeps(options: DepsOptions): Deps {
  const redis = options.redis ?? null;
  const outbound = outboundDeps(options);
  const caches = cacheDeps(options, redis);
  const events = eventDeps(options, { redis, caches, outbound });
  const limits = limitDeps(options, redis);
  return {
    db: options.db,
    config: options.config,
    auth: authDeps(options, { redis, outbound, limits }),
    caches,
    limits,
    events,
    media: mediaDeps(options),
    outbound,
    ops: opsDeps(options, { redis, events, limits }),
    likes: new LikeWriter(options.db),
    analysis: options.analysis ?? null,
  };
}
