import type { Db } from '@server/db/client';
import { logger } from '@server/log';
import type { RedisLink } from '@server/redis/redis-link';
import { libraryStatusCounts } from '../analytics.service';
import { LiveChannel } from '../live-channel';

/** The Redis channel of the pending count (in REDIS_PREFIX's namespace). */
const CHANNEL = 'pending-count';

/**
 * The live number of pending creatives, pushed to specialists and admins (server-sent events).
 * Every write that can change it calls `publish()`.
 *
 * With Redis (several instances), `publish()` PUBLISHes the count and every instance — this one
 * included — passes it on to its own streams when it arrives, so a stream on any instance sees a
 * submission made on any other within milliseconds. Redis unreachable: the count goes to this
 * instance's streams only; when the subscription comes back each instance recounts and sends the
 * count to its streams, so they catch up on what they missed.
 */
export class PendingEvents extends LiveChannel {
  constructor(
    private readonly db: Db,
    redis: RedisLink | null = null,
  ) {
    super(redis);
    if (redis) {
      this.unlisten.push(
        redis.subscribe(CHANNEL, (message) => {
          const count = Number(message);
          if (Number.isInteger(count) && count >= 0) this.emit(count);
        }),
        redis.onResume(() => void this.recount()),
      );
    }
  }

  async count(): Promise<number> {
    return (await libraryStatusCounts(this.db)).pending;
  }

  async publish(): Promise<void> {
    const count = await this.count();
    await this.broadcast(CHANNEL, String(count), () => this.emit(count), 'redis: compte en attente diffusé à cette instance seulement');
  }

  /** Number of live subscribers (one per open event stream). */
  get clients(): number {
    return this.emitter.listenerCount('pending');
  }

  subscribe(listener: (count: number) => void): () => void {
    this.emitter.on('pending', listener);
    return () => this.emitter.off('pending', listener);
  }

  private emit(count: number): void {
    this.emitter.emit('pending', count);
  }

  private async recount(): Promise<void> {
    try {
      this.emit(await this.count());
    } catch (err) {
      logger.warn({ err }, 'redis: recomptage des créas en attente impossible');
    }
  }
}
