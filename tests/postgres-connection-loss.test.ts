import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';
import { rowsOf } from '@server/db/sql-rows';

/**
 * PostgreSQL ends an idle connection of the pool (a restart, a failover, an administrator's
 * pg_terminate_backend): the pool drops it and emits 'error', which crashes a process that has no
 * listener. The server must log it and go on with a new connection.
 */
const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('a lost PostgreSQL connection (needs DATABASE_URL)', () => {
  const name = `creatheque_loss_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  let database: Database;

  async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
  });

  afterAll(async () => {
    await database?.close();
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('an idle connection terminated by the server neither crashes the process nor fails the next query', async () => {
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    try {
      await database.db.execute(sql`select 1`);
      const terminated = await onServer(async (client) => {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        return rows[0]!.n;
      });
      expect(terminated).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));

      expect(await rowsOf(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
