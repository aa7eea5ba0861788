import { EventEmitter } from 'node:events';
import type { Db } from '@server/db/client';
import { logger } from '@server/log';
import type { RedisLink } from '@server/redis/redis-link';
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
export class NotificationEvents {
  private readonly emitter = new EventEmitter();
  private readonly unlisten: (() => void)[] = [];
  private publishFailing = false;
  private closing = false;
  private resolveClosed: () => void = () => {};
  /** Resolves when the server stops: live streams end so the process can exit. */
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(
    private readonly db: Db,
    private readonly redis: RedisLink | null = null,
  ) {
    this.emitter.setMaxListeners(0);
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
    if (!this.redis) return this.recount(ids);
    try {
      await this.redis.publish(CHANNEL, JSON.stringify(ids));
      this.publishFailing = false;
    } catch (err) {
      if (!this.publishFailing) logger.warn({ err }, 'redis: notifications diffusées à cette instance seulement');
      this.publishFailing = true;
      await this.recount(ids);
    }
  }

  get isClosed(): boolean {
    return this.closing;
  }

  /** Number of live subscribers (one per open event stream). */
  get clients(): number {
    return this.emitter.eventNames().reduce((sum, name) => sum + this.emitter.listenerCount(name), 0);
  }

  close(): void {
    this.closing = true;
    for (const stop of this.unlisten) stop();
    this.resolveClosed();
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
