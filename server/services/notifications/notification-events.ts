import type { Db } from '@server/db/client';
import { logger } from '@server/log';
import type { RedisLink } from '@server/redis/redis-link';
import { LiveChannel } from '../live-channel';
import { unreadCount } from './notifications.service';

/** The Redis channel of the recipients whose unread count changed (in REDIS_PREFIX's namespace). */
const CHANNEL = 'notifications-unread';

/**
 * Each signed-in user's live unread count (server-sent events, /api/notifications/events), the way
 * PendingEvents carries the staff's pending count: `publish(userIds)` after a trigger's transaction
 * commits. With Redis, the ids go to every instance, and each recounts for the streams it holds of
 * those users only; Redis unreachable, this instance's streams still get theirs, and when the
 * subscription comes back each instance recounts for all its streams.
 */
export class NotificationEvents extends LiveChannel {
  constructor(
    private readonly db: Db,
    redis: RedisLink | null = null,
  ) {
    super(redis);
    if (redis) {
      this.unlisten.push(
        redis.subscribe(CHANNEL, (message) => void this.recount(parseIds(message))),
        redis.onResume(() => void this.recount(this.emitter.eventNames().map(String))),
      );
    }
  }

  count(userId: string): Promise<number> {
    return unreadCount(this.db, userId);
  }

  /** Tells these users' streams, on every instance, that their count may have changed. */
  async publish(userIds: string[]): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await this.broadcast(
      CHANNEL,
      JSON.stringify(ids),
      () => this.recount(ids),
      'redis: notifications diffusées à cette instance seulement',
    );
  }

  /** Number of live subscribers (one per open event stream). */
  get clients(): number {
    return this.emitter.eventNames().reduce((sum, name) => sum + this.emitter.listenerCount(name), 0);
  }

  subscribe(userId: string, listener: (count: number) => void): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  /** The new count of each of these users who has a stream on this instance. */
  private async recount(userIds: string[]): Promise<void> {
    for (const id of userIds) {
      if (this.emitter.listenerCount(id) === 0) continue;
      try {
        this.emitter.emit(id, await this.count(id));
      } catch (err) {
        logger.warn({ err }, 'notifications : recomptage des non lues impossible');
      }
    }
  }
}

function parseIds(message: string): string[] {
  try {
    const ids: unknown = JSON.parse(message);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
