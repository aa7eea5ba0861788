import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '@server/db/pglite-extensions';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../db/client';
import { capacityOf } from '../db/load-shedding';
import { schema } from '../db/schema';
import { pgliteExecutor, poolExecutor } from '../db/sql-executor';

/**
 * Opens a database for a backup WITHOUT migrating it (openDatabase in server/db/client.ts always
 * migrates): a backup only reads, and an old database saved before an upgrade must be saved as it
 * is, so that it can still be restored with the code it came from.
 */
export async function openExistingDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const capacity = capacityOf(2);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: capacity.connections });
    // An idle connection that dies is dropped by the pool; without a listener it would crash the
    // CLI. The snapshot's own connection is not idle: its failure rejects the dump's query.
    pool.on('error', () => {});
    try {
      const client = await pool.connect();
      client.release();
    } catch (err) {
      await pool.end();
      throw new Error(`connexion à PostgreSQL impossible (${err instanceof Error ? err.message : String(err)})`);
    }
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      capacity,
      poolStats: () => null,
      sql: poolExecutor(pool),
      close: () => pool.end(),
    };
  }
  const dbDir = path.join(options.dataDir, 'db');
  // PGlite would create an empty database in a missing folder: a backup of nothing is a mistake.
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new Error(`aucune base de données PGlite dans ${dbDir} : vérifiez DATA_DIR`);
  }
  const client = new PGlite({ dataDir: dbDir, extensions: pgliteExtensions });
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    capacity: capacityOf(1),
    poolStats: () => null,
    sql: pgliteExecutor(client),
    close: () => client.close(),
  };
}
