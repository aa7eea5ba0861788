import { AppError } from '@domain/errors';
import type { Db } from '@server/db/client';

type Query = (...args: unknown[]) => Promise<unknown>;

export interface Shedding {
  /** Statements at a time; the next one is refused. 0: every statement is refused. */
  connections: number;
  /** How long each statement holds its "connection" more (default 0). */
  latencyMs?: number;
  /** The refusal; default: the server's pool's when no connection comes free in time (AppError UNAVAILABLE). */
  error?: () => Error;
}

/**
 * Makes a test app's database shed load like a pool of `connections` connections that lets no
 * one wait: at most that many statements at a time, the next one refused at once with the error
 * the server's pool throws when no connection comes free in time (AppError UNAVAILABLE,
 * server/db/cancellable-pool.ts) — or `error`'s (PostgreSQL out of reach, say). Each statement
 * holds its "connection" `latencyMs` more, as a network round trip would: PGlite answers within
 * the event-loop turn that asked, so without it the statements of concurrent requests would hardly
 * ever overlap.
 *
 * Every statement Drizzle runs outside a transaction goes through the driver's `query` (PGlite and
 * pg.Pool alike), better-auth's as well as the routes'. restore() puts the driver back.
 */
export function shedBeyond(db: Db, options: Shedding): { readonly refused: number; restore(): void } {
  const refusal = options.error ?? (() => new AppError('UNAVAILABLE'));
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const own = Object.hasOwn(client, 'query');
  const query = client.query;
  let running = 0;
  let refused = 0;
  client.query = async (...args: unknown[]) => {
    if (running >= options.connections) {
      refused += 1;
      throw refusal();
    }
    running += 1;
    try {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      return await query.apply(client, args);
    } finally {
      running -= 1;
    }
  };
  return {
    get refused() {
      return refused;
    },
    restore() {
      if (own) client.query = query;
      else delete (client as { query?: Query }).query;
    },
  };
}
