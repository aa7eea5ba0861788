import { createAuth } from './auth/auth';
import { MemorySignInAttempts } from './auth/sign-in-backoff';
import { SignInGuard } from './auth/sign-in-guard';
import type { Db } from './db/client';
import { capacityOf, ExpensiveQueries, type Capacity } from './db/load-shedding';
import type { ServerConfig } from './env';
import type { Deps } from './http/context';
import { createMetrics, type PoolStats } from './http/metrics';
import { MemoryRateLimitStore } from './http/rate-limit-store';
import { ResponseCache } from './http/response-cache';
import { resolveMediaTools, type MediaTools } from './media/media-tools';
import { mediaStoreOf } from './media/media-store-of';
import type { MediaStore } from './media/store';
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
  /** The clock of the rate limits (tests move it instead of waiting). */
  now?: () => number;
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
    media: options.media ?? mediaStoreOf(options.config),
    pending,
    mediaTools: options.mediaTools ?? resolveMediaTools(env),
    metrics,
    responseCache: env.RESPONSE_CACHE === 'on' ? new ResponseCache() : null,
    writeLimits: env.WRITE_RATE_LIMIT === 'off' ? null : new MemoryRateLimitStore({ now: options.now }),
    signInGuard: new SignInGuard(new MemorySignInAttempts({ now: options.now }), {
      secret: options.secret,
      secure: options.config.publicUrl.startsWith('https://'),
    }),
    expensiveQueries,
    lifecycle: { stopping: false },
  };
}
