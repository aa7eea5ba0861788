import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { logger } from '../log';
import { serverPaths } from '../paths';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connections of the PostgreSQL pool (metrics); null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = serverPaths.migrations;

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, which never shrinks: its stock
 * 128 MB of shared buffers alone made the embedded default idle at ~370 MB. 8 MB of buffers (the
 * operating system's file cache still holds the data files) and room for the one connection it
 * has bring it to ~170 MB less, with the gallery's index-scan queries as fast (docs/benchmarks.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'max_connections=5'];

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (on disk in `dataDir`, or in
 * memory when `dataDir` is omitted), and brings the schema up to date.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a terminated backend) is dropped by the
    // pool, which then emits 'error': without a listener that would crash the process.
    pool.on('error', (err: Error & { code?: string }) =>
      logger.warn({ code: err.code, reason: err.message }, 'PostgreSQL : connexion inactive perdue, elle sera remplacée'),
    );
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    // Same pg-core query builder as PGlite; only the result-type parameter differs.
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const client = new PGlite({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // Both drivers expose the same pg-core query builder; only their result-type parameter differs.
  return { db: db as unknown as Db, kind: 'pglite', poolStats: () => null, close: () => client.close() };
}
