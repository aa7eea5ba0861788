/**
 * One raw SQL session for the bulk load, on PostgreSQL or PGlite. A single session (not the app's
 * pool) because the generator relies on session settings (synchronous_commit, work_mem,
 * session_replication_role) and on the order of its statements.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '@server/db/pglite-extensions';
import pg from 'pg';

export interface SqlSession {
  kind: 'postgres' | 'pglite';
  /** Runs one or more statements, no result. */
  run(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openSession(target: { databaseUrl?: string; pgliteDir?: string }): Promise<SqlSession> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      kind: 'postgres',
      run: async (text) => {
        await client.query(text);
      },
      rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = new PGlite({ dataDir: target.pgliteDir, extensions: pgliteExtensions });
  await db.waitReady;
  return {
    kind: 'pglite',
    run: async (text) => {
      await db.exec(text);
    },
    rows: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** A SQL string literal. The generator only quotes its own word lists, never user input. */
export function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A text[] literal, parenthesised so it can be subscripted: (ARRAY['a','b']::text[])[i]. */
export function textArray(values: readonly string[]): string {
  return `(ARRAY[${values.map(lit).join(',')}]::text[])`;
}
