import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { logger } from '../log';
import { serverPaths } from '../paths';
import { CancellablePool } from './cancellable-pool';
import { capacityOf, POOL_SIZE, type Capacity } from './load-shedding';
import { schema } from './schema';
import { ScopedPGlite } from './scoped-pglite';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from './sql-executor';
import { withStartupLock } from './startup-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Its connections and the expensive reads' share of them (load-shedding.ts). */
  capacity: Capacity;
  /** Connections of the PostgreSQL pool (metrics); null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Plain SQL for the job queue (pg-boss, server/analysis/queue): PGlite's one connection, or on
   * PostgreSQL a small pool of its own (QUEUE_POOL_SIZE connections, no statement timeout), so that the
   * queue's polling never waits behind the requests or is shed with them, nor takes their connections.
   */
  sql: SqlExecutor;
  close(): Promise<void>;
}

/** Connections of the job queue's own pool on PostgreSQL: a worker's fetch and completion, an enqueue. */
const QUEUE_POOL_SIZE = 3;

const migrationsFolder = serverPaths.migrations;

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, which never shrinks: its stock
 * 128 MB of shared buffers alone made the embedded default idle at ~370 MB. 16 MB of buffers and room
 * for the one connection it has keep the footprint at 100k creatives near 230 MB. Fewer buffers cost
 * the searches: a common word's relevance bound reads ~1,000 scattered heap pages, and each page
 * PGlite does not hold is a file read through its virtual file system (8 MB: p50 22–27 ms; 16 MB:
 * 14 ms; docs/benchmarks.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=5'];

/**
 * Brings a PostgreSQL schema up to date on a connection of its own, free of the serving pool's
 * statement timeout, one instance at a time (startup-lock.ts).
 */
async function migratePostgres(databaseUrl: string): Promise<void> {
  await withStartupLock(databaseUrl, async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.end();
    }
  });
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (on disk in `dataDir`, or in
 * memory when `dataDir` is omitted), and brings the schema up to date. `statementTimeoutMs` (the
 * server's DB_STATEMENT_TIMEOUT_MS; command-line tools leave it out) makes PostgreSQL cancel any
 * statement of the pool that runs longer; PGlite cannot (scoped-pglite.ts).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; statementTimeoutMs?: number }): Promise<Database> {
  if (options.databaseUrl) {
    await migratePostgres(options.databaseUrl);
    const capacity = capacityOf(POOL_SIZE);
    const pool = new CancellablePool({
      connectionString: options.databaseUrl,
      max: capacity.connections,
      connectionTimeoutMillis: capacity.waitMs,
      statement_timeout: options.statementTimeoutMs,
    });
    // An idle connection the server ends (restart, failover, a terminated backend) is dropped by the
    // pool, which then emits 'error': without a listener that would crash the process.
    pool.on('error', (err: Error & { code?: string }) =>
      logger.warn({ code: err.code, reason: err.message }, 'PostgreSQL : connexion inactive perdue, elle sera remplacée'),
    );
    const db = drizzlePg(pool, { schema });
    const queuePool = new pg.Pool({ connectionString: options.databaseUrl, max: QUEUE_POOL_SIZE, application_name: 'creatheque-queue' });
    queuePool.on('error', (err: Error & { code?: string }) =>
      logger.warn(
        { code: err.code, reason: err.message },
        "PostgreSQL : connexion inactive de la file d'attente perdue, elle sera remplacée",
      ),
    );
    // Same pg-core query builder as PGlite; only the result-type parameter differs.
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      capacity,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      sql: poolExecutor(queuePool),
      close: async () => {
        await Promise.all([pool.end(), queuePool.end()]);
      },
    };
  }
  const client = new ScopedPGlite({
    dataDir: options.dataDir,
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // Both drivers expose the same pg-core query builder; only their result-type parameter differs.
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    capacity: capacityOf(1),
    poolStats: () => null,
    sql: pgliteExecutor(client),
    close: () => client.close(),
  };
}
