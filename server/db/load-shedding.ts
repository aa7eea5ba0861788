import { AppError } from '@domain/errors';
import { currentScope } from './request-scope';

/**
 * How much database work the server takes on at once, and what it refuses (issue 14, defect 7).
 * With 1M creatives, slow gallery queries took every pooled connection and piled up behind one
 * another until a creative's page and its comments got no answer at all. Now:
 * - a query waits at most `waitMs` for a connection (the pool's connectionTimeoutMillis), then 503;
 * - the expensive reads (gallery pages, searches and filters, analytics, the user search) run at
 *   most `expensiveSlots` at a time — half the connections, so the others stay free for the cheap
 *   reads (a creative, its comments, likes, the session) — with at most `expensiveQueue` more
 *   waiting, each at most `waitMs`; one beyond that is refused at once (503 with Retry-After).
 * Every figure follows from the number of connections.
 */

/** Connections of the PostgreSQL pool. PGlite has one, which its queries take in turn. */
export const POOL_SIZE = 10;

export interface Capacity {
  connections: number;
  expensiveSlots: number;
  expensiveQueue: number;
  waitMs: number;
}

export function capacityOf(connections: number): Capacity {
  const expensiveSlots = Math.max(1, Math.floor(connections / 2));
  // A long queue: while the reads are quick it drains within the wait, so few are refused; when
  // they are slow, the wait sheds them rather than the length, so a client that retries at once
  // is refused (and makes the server work) less often.
  return { connections, expensiveSlots, expensiveQueue: expensiveSlots * 8, waitMs: 2_000 };
}

/**
 * The expensive reads' slots: `run(work)` starts `work` when a slot is free, else waits in a
 * bounded queue (first come, first served) — leaving it with a 503 after `waitMs`, or as soon as
 * its request is over (client gone, deadline passed) — or is refused at once when the queue is full.
 */
/** Runs an expensive read within the slots of ExpensiveQueries (or at once, where there are none). */
export type SqlGuard = <T>(work: () => Promise<T>) => Promise<T>;

/** No slots: the work runs at once (scripts, benchmarks of the services). */
export const unguarded: SqlGuard = (work) => work();

export class ExpensiveQueries {
  private running = 0;
  /** Admits each waiting query, in arrival order. */
  private readonly queue: (() => void)[] = [];

  constructor(readonly capacity: Pick<Capacity, 'expensiveSlots' | 'expensiveQueue' | 'waitMs'>) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** `run`, bound: what a service takes to guard its expensive SQL only (gallery.service.ts). */
  readonly guard: SqlGuard = (work) => this.run(work);

  async run<T>(work: () => Promise<T>): Promise<T> {
    const scope = currentScope();
    scope?.throwIfOver();
    await this.enter(scope?.signal);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(signal: AbortSignal | undefined): Promise<void> {
    if (this.running < this.capacity.expensiveSlots) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.capacity.expensiveQueue) return Promise.reject(new AppError('UNAVAILABLE'));
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        stopWaiting();
        resolve();
      };
      const giveUp = () => {
        stopWaiting();
        this.queue.splice(this.queue.indexOf(admit), 1);
        reject(new AppError('UNAVAILABLE'));
      };
      const timer = setTimeout(giveUp, this.capacity.waitMs);
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      this.queue.push(admit);
    });
  }

  /** A finished query hands its slot straight to the first waiter, so `running` stays as it is. */
  private leave(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}
