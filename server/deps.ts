import path from 'node:path';
import { createAuth } from './auth/auth';
import type { Db } from './db/client';
import { capacityOf, ExpensiveQueries, type Capacity } from './db/load-shedding';
import type { ServerConfig } from './env';
import type { Deps } from './http/context';
import { createMetrics, type PoolStats } from './http/metrics';
import { ResponseCache } from './http/response-cache';
import { resolveMediaTools, type MediaTools } from './media/media-tools';
import { createDiskStore, type MediaStore } from './media/store';
import { PendingEvents } from './services/creatives/pending-events';
import { createWebhookSender, type WebhookSender } from './services/webhooks';

/** Wires the services of one server (or one test) together. */
export function buildDeps(options: {
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
  /** The database's capacity (Database.capacity); default: one connection, as PGlite. */
  capacity?: Capacity;
}): Deps {
  const webhooks = options.webhooks ?? createWebhookSender();
  const { env } = options.config;
  const auth = createAuth({
    db: options.db,
    secret: options.secret,
    publicUrl: options.config.publicUrl,
    trustedOrigins: [...options.config.trustedOrigins, ...(options.trustedOrigins ?? [])],
    rateLimit: options.rateLimit,
    attemptsPerMinute: env.AUTH_RATE_LIMIT,
    onUserCreated: (user) => webhooks(env.REGISTRATION_WEBHOOK_URL, user),
  });
  const pending = new PendingEvents(options.db);
  const expensiveQueries = new ExpensiveQueries(options.capacity ?? capacityOf(1));
  const metrics = env.METRICS_TOKEN
    ? createMetrics({
        sseClients: () => pending.clients,
        poolStats: options.poolStats ?? (() => null),
        expensiveQueries: () => expensiveQueries.stats,
      })
    : null;
  return {
    db: options.db,
    auth,
    config: options.config,
    webhooks,
    media: options.media ?? createDiskStore(path.join(options.config.dataDir, 'media')),
    pending,
    mediaTools: options.mediaTools ?? resolveMediaTools(env),
    metrics,
    responseCache: env.RESPONSE_CACHE === 'on' ? new ResponseCache() : null,
    expensiveQueries,
    lifecycle: { stopping: false },
  };
}
