import { EventEmitter } from 'node:events';
import { logger } from '@server/log';
import type { RedisLink } from '@server/redis/redis-link';

/**
 * What the live counts pushed to open event streams share (the staff's pending count, each user's
 * unread notifications): the streams' emitter, the fan-out to every instance through Redis with this
 * instance's own streams served when Redis cannot take the message, and the graceful stop.
 */
export abstract class LiveChannel {
  protected readonly emitter = new EventEmitter();
  /** Undoes the Redis subscriptions at close(). */
  protected readonly unlisten: (() => void)[] = [];
  private publishFailing = false;
  private closing = false;
  private resolveClosed: () => void = () => {};
  /** Resolves when the server stops: live streams end so the process can exit. */
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(protected readonly redis: RedisLink | null) {
    this.emitter.setMaxListeners(0);
  }

  get isClosed(): boolean {
    return this.closing;
  }

  /** Ends every live stream (graceful stop). */
  close(): void {
    this.closing = true;
    for (const stop of this.unlisten) stop();
    this.resolveClosed();
  }

  /**
   * `message` to every instance (this one included) through Redis' `channel`; without Redis, or
   * when it cannot take the message, `locally` serves this instance's streams (warned once per outage).
   */
  protected async broadcast(channel: string, message: string, locally: () => void | Promise<void>, warning: string): Promise<void> {
    if (!this.redis) return locally();
    try {
      await this.redis.publish(channel, message);
      this.publishFailing = false;
    } catch (err) {
      if (!this.publishFailing) logger.warn({ err }, warning);
      this.publishFailing = true;
      await locally();
    }
  }
}
