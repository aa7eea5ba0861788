import type { User } from '@domain/types';
import type { JobQueue } from '@server/analysis/queue/job-queue';
import type { Db } from '@server/db/client';
import type { AuthDeps } from '@server/deps/auth-deps';
import type { CacheDeps } from '@server/deps/cache-deps';
import type { EventDeps } from '@server/deps/event-deps';
import type { LimitDeps } from '@server/deps/limit-deps';
import type { MediaDeps } from '@server/deps/media-deps';
import type { OpsDeps } from '@server/deps/ops-deps';
import type { OutboundDeps } from '@server/deps/outbound-deps';
import type { ServerConfig } from '@server/env';
import type { LikeWriter } from '@server/services/creatives/like-writer';
import type { SentJson } from './delivery/conditional-get';

/**
 * Everything a route or service needs, built once by server/index.ts (or by tests) with
 * `buildDeps` (server/deps/build-deps.ts). Grouped by concern; each group's fields are described
 * beside the factory that builds it (server/deps/<group>-deps.ts).
 */
export interface Deps {
  db: Db;
  config: ServerConfig;
  /** Accounts, sessions, sign-in back-off, reset e-mails, share-link passwords. */
  auth: AuthDeps;
  /** The shared response cache, the catalogue in memory, and their invalidation signal. */
  caches: CacheDeps;
  /** The write budgets' counters and the slots of the expensive reads. */
  limits: LimitDeps;
  /** Live counts (server-sent events), their streams, notifications. */
  events: EventDeps;
  /** The media store and ffmpeg. */
  media: MediaDeps;
  /** E-mails and webhooks. */
  outbound: OutboundDeps;
  /** Metrics, the stopping flag, Redis. */
  ops: OpsDeps;
  /** Likes and unlikes, written in batches when they arrive together (services/creatives/like-writer.ts). */
  likes: LikeWriter;
  /**
   * The media-analysis queue (server/analysis/queue): a submission or a new media queues its creative.
   * Null where nothing is queued (tests of other parts; `npm run media:analyse` queues the rest).
   */
  analysis: Pick<JobQueue, 'enqueue'> | null;
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
