import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { serverPaths } from '../paths';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';

/**
 * Drizzle records each applied migration in drizzle.__drizzle_migrations: the SHA-256 of its SQL
 * and its `created_at`, which is the `when` of its entry in meta/_journal.json. The last one
 * tells which schema a backup's rows were written against.
 */
export interface MigrationMark {
  hash: string;
  createdAt: number;
  /** The journal's tag (e.g. 0001_search_trigram) when this code knows the migration. */
  tag: string | null;
}

interface JournalEntry {
  tag: string;
  when: number;
}

export function readJournal(migrationsFolder = serverPaths.migrations): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

/** The newest migration this code ships. */
export function latestKnownMigration(journal = readJournal()): JournalEntry {
  const last = journal.at(-1);
  if (!last) throw new Error('Aucune migration dans le journal de drizzle');
  return last;
}

export async function lastAppliedMigration(runner: SqlRunner): Promise<MigrationMark | null> {
  const [present] = await rowsOf<{ present: boolean }>(
    runner,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!present?.present) return null;
  // created_at is a bigint: read it as text so neither driver turns it into a JS bigint or a string.
  const [row] = await rowsOf<{ hash: string; created_at: string }>(
    runner,
    sql`SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  if (!row) return null;
  const createdAt = Number(row.created_at);
  return { hash: row.hash, createdAt, tag: readJournal().find((e) => e.when === createdAt)?.tag ?? null };
}
