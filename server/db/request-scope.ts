import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '@domain/errors';

/**
 * The HTTP request a piece of database work is done for, carried by AsyncLocalStorage from the
 * deadline middleware (server/http/limits/deadline.ts) down to where connections are handed out
 * (cancellable-pool.ts, scoped-pglite.ts), so that no service has to pass it along. The request
 * is over when its client has gone or its deadline has passed: its work then stops — a query not
 * yet started is refused, a PostgreSQL statement already running is cancelled.
 */
export class RequestScope {
  /** Aborts when the client disconnects or the deadline passes. */
  readonly signal: AbortSignal;
  /** Settles when the deadline passes (never once lifted). */
  readonly expired: Promise<void>;
  private readonly deadline = new AbortController();
  /** performance.now() at the deadline; Infinity once lifted. */
  private deadlineAt: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(clientSignal: AbortSignal, deadlineMs: number) {
    this.deadlineAt = performance.now() + deadlineMs;
    this.signal = AbortSignal.any([clientSignal, this.deadline.signal]);
    this.expired = new Promise((resolve) => {
      this.timer = setTimeout(() => {
        this.deadline.abort(new AppError('UNAVAILABLE'));
        resolve();
      }, deadlineMs);
    });
  }

  /**
   * The clock is read as well as the signal: PGlite runs its queries synchronously and hands its
   * lock from one to the next in microtasks, so a backlog of them can hold the deadline's timer
   * back well past the deadline.
   */
  get over(): boolean {
    return this.signal.aborted || performance.now() >= this.deadlineAt;
  }

  throwIfOver(): void {
    if (this.over) throw new AppError('UNAVAILABLE');
  }

  /**
   * No deadline from now on: the request streams (an upload's body, the event stream) or has been
   * answered (work it left running must not fail for it). A client that goes away still aborts.
   */
  lift(): void {
    clearTimeout(this.timer);
    this.deadlineAt = Infinity;
  }

  /** Runs `work` (and everything it starts) in this scope. */
  run<T>(work: () => T): T {
    return storage.run(this, work);
  }
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The scope of the request being served, or undefined outside one (start-up, CLI, timers of their own). */
export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/**
 * Runs `work` (and everything it starts) outside any request: for work shared by several requests
 * (a batch of likes), which no single request's deadline or departure may cancel.
 */
export function outsideRequests<T>(work: () => T): T {
  return storage.exit(work);
}
