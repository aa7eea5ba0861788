import { SessionStreams } from '@server/auth/session-streams';
import type { RedisLink } from '@server/redis/redis-link';
import { PendingEvents } from '@server/services/creatives/pending-events';
import { NotificationEvents } from '@server/services/notifications/notification-events';
import { Notifier } from '@server/services/notifications/notifier';
import type { DepsOptions } from './build-deps';
import type { CacheDeps } from './cache-deps';
import type { OutboundDeps } from './outbound-deps';

/** The live counts (server-sent events), their streams, and the notifications that feed them. */
export interface EventDeps {
  /** The review queue's live count. */
  pending: PendingEvents;
  /** Each user's live unread notification count. */
  notificationEvents: NotificationEvents;
  /** The open live streams of each session, ended with it (server/auth/session-streams.ts). */
  sessionStreams: SessionStreams;
  /** Live counts and e-mails of the notifications a committed action wrote. */
  notifier: Notifier;
}

export function eventDeps(
  options: Pick<DepsOptions, 'db' | 'config'>,
  built: { redis: RedisLink | null; caches: CacheDeps; outbound: OutboundDeps },
): EventDeps {
  const { db } = options;
  const pending = new PendingEvents(db, built.redis);
  const notificationEvents = new NotificationEvents(db, built.redis);
  // Every instance checks its streams' sessions after a write that may end one (of any instance).
  const sessionStreams = new SessionStreams(db);
  built.caches.invalidation.on('sessions', () => void sessionStreams.recheck());
  return {
    pending,
    notificationEvents,
    sessionStreams,
    notifier: new Notifier({ db, events: notificationEvents, mailer: built.outbound.mailer, publicUrl: options.config.publicUrl }),
  };
}
