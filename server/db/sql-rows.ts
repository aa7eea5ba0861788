import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Anything that runs raw SQL: the database or a transaction opened on it. */
export interface SqlRunner {
  execute: Db['execute'];
}

/**
 * The rows of a raw query. Both drivers (node-postgres and PGlite) answer `execute()` with an
 * object carrying `rows`; the shared pg-core type leaves it as unknown, hence the narrowing here.
 */
export async function rowsOf<T>(runner: SqlRunner, query: SQL): Promise<T[]> {
  const result: unknown = await runner.execute(query);
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('Réponse inattendue du pilote de base de données');
  return rows as T[];
}

/** A schema-qualified table name, quoted (tables come from the catalog, never from user input). */
export function tableRef(table: string): SQL {
  return sql`${sql.identifier('public')}.${sql.identifier(table)}`;
}

/** A comma-separated list of quoted column names. */
export function columnList(columns: readonly string[], prefix?: string): SQL {
  return sql.join(
    columns.map((c) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(c)}` : sql.identifier(c))),
    sql`, `,
  );
}
