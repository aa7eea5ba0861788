import type { User } from '@domain/types';
import type { Auth } from '../auth/auth';
import type { PasswordResetLimit } from '../auth/password-reset-limit';
import type { SessionStreams } from '../auth/session-streams';
import type { SignInGuard } from '../auth/sign-in-guard';
import type { Db } from '../db/client';
import type { ExpensiveQueries } from '../db/load-shedding';
import type { ServerConfig } from '../env';
import type { Mailer } from '../mail/mailer';
import type { MediaTools } from '../media/media-tools';
import type { MediaStore } from '../media/store';
import type { SentJson } from './delivery/conditional-get';
import type { Invalidation } from '../cache/invalidation';
import type { Metrics } from './metrics';
import type { RateLimitStore } from './limits/rate-limit-store';
import type { ResponseCache } from '../cache/response-cache';
import type { RedisLink } from '../redis/redis-link';
import type { LikeWriter } from '../services/creatives/like-writer';
import type { PendingEvents } from '../services/creatives/pending-events';
import type { NotificationEvents } from '../services/notifications/notification-events';
import type { Notifier } from '../services/notifications/notifier';
import type { WebhookSender } from '../services/webhooks';
import type { Catalogue } from '@server/catalogue/catalogue';
import type { ShareAccess } from '@server/services/shares/share-access';

/** Everything a route or service needs, built once by server/index.ts (or by tests). */
export interface Deps {
  db: Db;
  auth: Auth;
  config: ServerConfig;
  webhooks: WebhookSender;
  /** Outgoing e-mails (server/mail): SMTP_URL, or DATA_DIR/outbox/ without it. */
  mailer: Mailer;
  media: MediaStore;
  pending: PendingEvents;
  /** Each user's live unread notification count (server-sent events). */
  notificationEvents: NotificationEvents;
  /** The open live streams of each session, ended with it (server/auth/session-streams.ts). */
  sessionStreams: SessionStreams;
  /** Live counts and e-mails of the notifications a committed action wrote. */
  notifier: Notifier;
  /** Likes and unlikes, written in batches when they arrive together (services/creatives/like-writer.ts). */
  likes: LikeWriter;
  /** ffmpeg/ffprobe chosen at start-up (video posters). */
  mediaTools: MediaTools;
  /** Prometheus metrics; null when METRICS_TOKEN is unset (nothing is counted). */
  metrics: Metrics | null;
  /** Redis shared by the server instances (REDIS_URL); null in a single process. */
  redis: RedisLink | null;
  /** The "may be stale" signal of the caches, to every instance (server/cache/invalidation.ts). */
  invalidation: Invalidation;
  /** Shared cache of the anonymous creative views; null when RESPONSE_CACHE=off. */
  responseCache: ResponseCache | null;
  /** Buckets of the per-account and per-client write budgets (server/http/limits/rate-limit.ts); null when WRITE_RATE_LIMIT=off. */
  writeLimits: RateLimitStore | null;
  /** The per-account sign-in back-off. */
  signInGuard: SignInGuard;
  /** Reset e-mails per e-mail address (server/auth/password-reset-limit.ts). */
  passwordResetLimit: PasswordResetLimit;
  /** Password tries and unlock cookies of share links (server/services/shares/share-access.ts). */
  shareAccess: ShareAccess;
  /** The approved catalogue in memory: gallery pages, relevance and facet counts (server/catalogue/catalogue.ts). */
  catalogue: Catalogue;
  /** Slots of the expensive reads (gallery pages, analytics, user search): beyond them, 503. */
  expensiveQueries: ExpensiveQueries;
  /** Set when the server is stopping: readiness answers 503 so a load balancer drains it. */
  lifecycle: { stopping: boolean };
}

export interface AppEnv {
  Variables: {
    /** The signed-in user, or null for a visitor (set by loadSession on every /api request). */
    user: User | null;
    /** Id of this request (X-Request-Id), set first by the request log. */
    requestId: string;
    /** What the JSON answer was made from (set by sendJson, read by the shared response cache). */
    sentJson?: SentJson;
  };
}
