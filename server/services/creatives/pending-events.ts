import { EventEmitter } from 'node:events';
import type { Db } from '@server/db/client';
import { libraryStatusCounts } from '../analytics.service';

/**
 * The live number of pending creatives, pushed to specialists and admins (server-sent events).
 * Every write that can change it calls `publish()`.
 */
export class PendingEvents {
  private readonly emitter = new EventEmitter();
  private closing = false;
  private resolveClosed: () => void = () => {};
  /** Resolves when the server stops: live streams end so the process can exit. */
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(private readonly db: Db) {
    this.emitter.setMaxListeners(0);
  }

  async count(): Promise<number> {
    return (await libraryStatusCounts(this.db)).pending;
  }

  async publish(): Promise<void> {
    this.emitter.emit('pending', await this.count());
  }

  get isClosed(): boolean {
    return this.closing;
  }

  /** Number of live subscribers (one per open event stream). */
  get clients(): number {
    return this.emitter.listenerCount('pending');
  }

  /** Ends every live stream (graceful stop). */
  close(): void {
    this.closing = true;
    this.resolveClosed();
  }

  subscribe(listener: (count: number) => void): () => void {
    this.emitter.on('pending', listener);
    return () => this.emitter.off('pending', listener);
  }
}
