import pg from 'pg';

/**
 * Several instances of the server may start at the same time on one PostgreSQL database (issue 15:
 * a deploy restarts them together). Migrating and seeding are check-then-write steps — two
 * instances would both find migration 7 missing, or both find no user and seed the demo twice —
 * so each runs under one PostgreSQL advisory lock: the second instance waits, then finds the work
 * done. The lock belongs to a connection of its own and goes with it, so an instance killed while
 * holding it never blocks the others. PGlite needs none: one process per data directory.
 */
const STARTUP_LOCK_KEY = 7_262_001; // any constant of our own: advisory locks are per database

export async function withStartupLock<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await client.end();
  }
}
