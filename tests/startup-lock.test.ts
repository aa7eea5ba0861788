import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';
import { withStartupLock } from '@server/db/startup-lock';
import { createScratchDatabase } from './helpers/test-app';

/**
 * Instances of the server starting together on one empty PostgreSQL database (a deploy of several
 * instances) must each come up: the migrations and the check-then-write steps after them run one
 * instance at a time (server/db/startup-lock.ts).
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('start-up of several instances on one PostgreSQL database (needs DATABASE_URL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('migrates one empty database from three instances at once', async () => {
    const scratch = await createScratchDatabase(databaseUrl!);
    cleanups.push(scratch.drop);
    const opened: Database[] = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url })));
    cleanups.push(async () => {
      for (const database of opened) await database.close();
    });
    const rows = (await opened[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBeGreaterThan(0);
  });

  it('runs check-then-write steps one instance at a time', async () => {
    const scratch = await createScratchDatabase(databaseUrl!);
    cleanups.push(scratch.drop);
    let inside = 0;
    let most = 0;
    const step = () =>
      withStartupLock(scratch.url, async () => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inside -= 1;
      });
    await Promise.all([step(), step(), step()]);
    expect(most).toBe(1);
    // A failing step releases the lock: the next one runs.
    await expect(withStartupLock(scratch.url, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withStartupLock(scratch.url, () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
