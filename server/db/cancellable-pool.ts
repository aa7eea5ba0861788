import pg from 'pg';
import { AppError } from '@domain/errors';
import { logger } from '../log';
import { currentScope, type RequestScope } from './request-scope';

/** pg-pool's error when no connection came free within connectionTimeoutMillis. */
const NO_CONNECTION_IN_TIME = 'timeout exceeded when trying to connect';

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;

/**
 * The server's PostgreSQL pool. Drizzle takes a connection from it for each statement
 * (`pool.query`, which goes through `connect`) and for each transaction (`pool.connect`); each
 * connection handed out belongs to the request in whose scope it was taken (request-scope.ts):
 * - a request already over gets none (503), nor does one that waited longer than
 *   connectionTimeoutMillis for it (503: load shedding, not a failure);
 * - when the request ends while holding it — client gone, deadline passed — the statement running
 *   there is cancelled, and on release the connection is closed instead of going back to the pool,
 *   so a cancel that lands late can never hit the next request's statement.
 */
export class CancellablePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const checkout = this.checkout();
    if (!callback) return checkout;
    // pg-pool's own `query` takes its connection through this callback form.
    checkout.then(
      (client) => callback(undefined, client, client.release),
      (err: Error) => callback(err, undefined, () => {}),
    );
  }

  private async checkout(): Promise<pg.PoolClient> {
    const scope = currentScope();
    scope?.throwIfOver();
    const client = await super.connect().catch((err: Error) => {
      throw err.message === NO_CONNECTION_IN_TIME ? new AppError('UNAVAILABLE') : err;
    });
    this.surviveConnectionLoss(client);
    if (!scope) return client;
    if (scope.over) {
      client.release();
      throw new AppError('UNAVAILABLE');
    }
    this.cancelWith(client, scope);
    return client;
  }

  /**
   * pg-pool listens for the errors of idle connections only: one checked out, between two of its
   * statements, would throw PostgreSQL's goodbye (57P01 at a shutdown, a reset socket) as an
   * unhandled 'error' event and end the process. Here the error is logged and the connection is
   * closed on release; the holder's next statement fails on its own, and the request answers 503.
   */
  private surviveConnectionLoss(client: pg.PoolClient): void {
    let lost: Error | undefined;
    const onError = (err: Error) => {
      lost = err;
      logger.warn({ code: (err as { code?: string }).code, reason: err.message }, 'PostgreSQL : connexion perdue pendant son emprunt');
    };
    client.on('error', onError);
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      client.removeListener('error', onError);
      release(err || lost);
    };
  }

  private cancelWith(client: pg.PoolClient, scope: RequestScope): void {
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      void this.cancelBackend(client);
    };
    scope.signal.addEventListener('abort', cancel, { once: true });
    // pg-pool gives the client a new `release` at every checkout: this wrapper lasts one checkout.
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      scope.signal.removeEventListener('abort', cancel);
      release(err || cancelled);
    };
  }

  /**
   * pg_cancel_backend from a connection of its own (the pool's may all be taken); a failure is
   * logged, and the statement timeout still bounds the statement.
   */
  private async cancelBackend(client: pg.PoolClient): Promise<void> {
    // pg keeps the backend's process id from PostgreSQL's BackendKeyData message (not in its types).
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    if (!pid) return;
    const canceller = new pg.Client(this.options);
    // The awaited calls below report their own errors; this keeps a late socket error from crashing.
    canceller.on('error', () => {});
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch (err) {
      logger.warn(
        { pid, reason: err instanceof Error ? err.message : String(err) },
        "PostgreSQL : la requête abandonnée n'a pas pu être annulée",
      );
    } finally {
      await canceller.end().catch(() => {});
    }
  }
}
