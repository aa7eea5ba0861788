import path from 'node:path';
import { createAuth } from './auth/auth';
import { passwordResetMail } from './auth/password-reset-mail';
import { PasswordResetLimit } from './auth/password-reset-limit';
import { RedisSignInAttempts } from './auth/redis-sign-in-attempts';
import { SessionStreams } from './auth/session-streams';
import { MemorySignInAttempts } from './auth/sign-in-backoff';
import { SignInGuard } from './auth/sign-in-guard';
import type { Db } from './db/client';
import { capacityOf, ExpensiveQueries, type Capacity } from './db/load-shedding';
import type { ServerConfig } from './env';
import type { Deps } from './http/context';
import { createMailer, type Mailer } from './mail/mailer';
import { createMetrics, type PoolStats } from './http/metrics';
import { Invalidation } from './cache/invalidation';
import { MemoryRateLimitStore } from './http/limits/rate-limit-store';
import { RedisRateLimitStore } from './http/limits/redis-rate-limit-store';
import { ResponseCache } from './cache/response-cache';
import { resolveMediaTools, type MediaTools } from './media/media-tools';
import { mediaStoreOf } from './media/media-store-of';
import type { MediaStore } from './media/store';
import type { RedisLink } from './redis/redis-link';
import { LikeWriter } from './services/creatives/like-writer';
import { PendingEvents } from './services/creatives/pending-events';
import { NotificationEvents } from './services/notifications/notification-events';
import { Notifier } from './services/notifications/notifier';
import { createWebhookSender, type WebhookSender } from './services/webhooks';
import { Catalogue } from '@server/catalogue/catalogue';
import { ShareAccess } from '@server/services/shares/share-access';

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
  /**
   * Redis shared with the other instances (REDIS_URL, opened by the caller, who closes it): live
   * events, rate limits and cache invalidation go through it. Without it, all stay in this process.
   */
  redis?: RedisLink | null;
  /** Where e-mails go; default: SMTP_URL, or DATA_DIR/outbox/ without it. */
  mailer?: Mailer;
}): Deps {
  const redis = options.redis ?? null;
  const webhooks = options.webhooks ?? createWebhookSender();
  const { env } = options.config;
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(options.config.dataDir, 'outbox') });
  const auth = createAuth({
    db: options.db,
    secret: options.secret,
    publicUrl: options.config.publicUrl,
    trustedOrigins: [...options.config.trustedOrigins, ...(options.trustedOrigins ?? [])],
    rateLimit: options.rateLimit,
    attemptsPerMinute: env.AUTH_RATE_LIMIT,
    redis,
    onUserCreated: (user) => webhooks(env.REGISTRATION_WEBHOOK_URL, user),
    // Off the request path: an existing account's answer must not wait for SMTP (no enumeration by timing).
    onPasswordResetRequested: ({ email, token }) => mailer.sendLater(passwordResetMail(email, options.config.publicUrl, token)),
  });
  const pending = new PendingEvents(options.db, redis);
  const notificationEvents = new NotificationEvents(options.db, redis);
  const invalidation = new Invalidation(redis);
  // Every instance checks its streams' sessions after a write that may end one (of any instance).
  const sessionStreams = new SessionStreams(options.db);
  invalidation.on('sessions', () => void sessionStreams.recheck());
  const expensiveQueries = new ExpensiveQueries(options.capacity ?? capacityOf(1));
  const metrics = env.METRICS_TOKEN
    ? createMetrics({
        sseClients: () => pending.clients + notificationEvents.clients,
        poolStats: options.poolStats ?? (() => null),
        expensiveQueries: () => expensiveQueries.stats,
        redisUp: () => (redis ? redis.state === 'ready' : null),
      })
    : null;
  const writeLimits =
    env.WRITE_RATE_LIMIT === 'off'
      ? null
      : redis
        ? new RedisRateLimitStore(redis, { now: options.now })
        : new MemoryRateLimitStore({ now: options.now });
  // The limits against guessing (password resets, share passwords) and the share views: counted even
  // with WRITE_RATE_LIMIT=off, and shared through Redis when the instances share one.
  const alwaysOnLimits = redis
    ? new RedisRateLimitStore(redis, { now: options.now })
    : (writeLimits ?? new MemoryRateLimitStore({ now: options.now }));
  const secure = options.config.publicUrl.startsWith('https://');
  return {
    db: options.db,
    auth,
    config: options.config,
    webhooks,
    mailer,
    media: options.media ?? mediaStoreOf(options.config),
    pending,
    notificationEvents,
    sessionStreams,
    notifier: new Notifier({ db: options.db, events: notificationEvents, mailer, publicUrl: options.config.publicUrl }),
    likes: new LikeWriter(options.db),
    mediaTools: options.mediaTools ?? resolveMediaTools(env),
    metrics,
    redis,
    invalidation,
    responseCache: env.RESPONSE_CACHE === 'on' ? responseCacheOf(invalidation) : null,
    writeLimits,
    signInGuard: new SignInGuard(
      redis ? new RedisSignInAttempts(redis, { now: options.now }) : new MemorySignInAttempts({ now: options.now }),
      {
        secret: options.secret,
        secure,
      },
    ),
    passwordResetLimit: new PasswordResetLimit(alwaysOnLimits),
    shareAccess: new ShareAccess({ secret: options.secret, secure, trustProxy: env.TRUST_PROXY, store: alwaysOnLimits, now: options.now }),
    catalogue: catalogueOf(options.db, env.CATALOGUE_POLL_MS, invalidation),
    expensiveQueries,
    lifecycle: { stopping: false },
  };
}

/** The catalogue engine, told of every write of this instance and (through Redis) of the others. */
function catalogueOf(db: Db, pollMs: number, invalidation: Invalidation): Catalogue {
  const catalogue = new Catalogue(db, { pollMs });
  invalidation.on('responses', () => catalogue.changed());
  return catalogue;
}

/** The shared response cache, emptied by every instance's writes and bypassed while they cannot be heard. */
function responseCacheOf(invalidation: Invalidation): ResponseCache {
  const cache = new ResponseCache({ live: () => invalidation.live });
  invalidation.on('responses', () => cache.invalidate());
  invalidation.on('viewer', (userId) => (userId ? cache.forgetViewer(userId) : cache.invalidate()));
  return cache;
}
