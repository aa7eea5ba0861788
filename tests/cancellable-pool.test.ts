import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CancellablePool } from '@server/db/cancellable-pool';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('CancellablePool on PostgreSQL (needs DATABASE_URL)', () => {
  const pool = new CancellablePool({ connectionString: databaseUrl, max: 2 });
  afterAll(() => pool.end());

  it('survives a connection that PostgreSQL ends while it is checked out, and never lends it again', async () => {
    const held = await pool.connect();
    const pid = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // As at a shutdown of PostgreSQL: its goodbye (57P01) reaches the connection between two statements.
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));

    await expect(held.query('select 1')).rejects.toThrow();
    held.release();
    const next = await pool.connect();
    try {
      expect((await next.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid).not.toBe(pid);
    } finally {
      next.release();
    }
  });
});
