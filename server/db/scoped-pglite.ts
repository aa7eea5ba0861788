import { PGlite } from '@electric-sql/pglite';
import { currentScope } from './request-scope';

/**
 * The embedded PGlite, with the requests' limits it can take. It runs PostgreSQL synchronously
 * inside this process's WebAssembly: `statement_timeout` is accepted but never fires (no timer
 * signal reaches the backend — checked: `SET statement_timeout = 200; SELECT pg_sleep(1)` runs
 * the full second) and a running statement cannot be cancelled, as it holds the event loop until it
 * ends. What it can do is refuse to start the work of a request that is already over: its queries,
 * exec calls and transactions wait their turn on one lock, and each is checked when its turn comes,
 * so a request past its deadline or whose client has gone leaves the queue without running anything.
 * The request deadline (server/http/limits/deadline.ts) answers such a client.
 */
export class ScopedPGlite extends PGlite {
  override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    const scope = currentScope();
    return super._runExclusiveTransaction(async () => {
      scope?.throwIfOver();
      return fn();
    });
  }
}
