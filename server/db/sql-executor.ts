import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** What a statement returned, in node-postgres's shape. */
export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/**
 * Plain SQL text with `$n` parameters on the database of the server, for a library that brings its
 * own statements (pg-boss's `db` option: `{ executeSql(text, values) }`, server/analysis/queue). A
 * call without values may hold several statements (a library's schema script, with its own BEGIN …
 * COMMIT); it runs as one transaction.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

/** A script's own transaction markers: the executor opens and ends the transaction itself. */
const OPENING = /^\s*BEGIN\s*;/i;
const CLOSING = /COMMIT\s*;\s*$/i;

/**
 * On the embedded PGlite. Its one connection is shared by every query of the process, each taking its
 * turn: a script sent as is would leave that connection inside a failed transaction when one of its
 * statements fails ("current transaction is aborted" for every query after it), so a script runs
 * inside PGlite's transaction(), which rolls back on failure before the next query's turn.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const script = text.replace(OPENING, '').replace(CLOSING, '');
      const results = await client.transaction((tx) => tx.exec(script));
      const last = results.at(-1);
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
    },
  };
}

/** On a node-postgres pool: a script without values goes through the simple protocol, which takes several statements. */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // Several statements: node-postgres answers with one result per statement; the last is the script's.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      return { rows: last.rows as Record<string, unknown>[], rowCount: last.rowCount ?? 0 };
    },
  };
}
