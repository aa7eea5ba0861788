import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { perDatabase } from './per-database';

/**
 * Statements built once per database and then only executed, for the queries on a hot path (a
 * member's page likes, favourites, the review queue, the user list). Building the SQL again on
 * every request — Drizzle's `is()` check on every chunk — cost more Node CPU than the query took
 * in PostgreSQL, and planning the query again cost PostgreSQL more than running it
 * (docs/benchmarks.md). Prepared, the statement is named: each pooled connection parses it once
 * and PostgreSQL may keep a generic plan.
 *
 * A list with optional parts (a search, a cursor) has one statement per combination of `flags`;
 * the builder turns the flags into the statement, prepared under the name it is given (unique per
 * combination); the caller passes the values as `execute({ ... })` for its `sql.placeholder(...)`s.
 * Kept per database object, since tests open many.
 */
export function preparedVariants<F extends Record<string, boolean>, T>(
  name: string,
  build: (db: Db, flags: F, statementName: string) => T,
): (db: Db, flags: F) => T {
  const statementsOf = perDatabase((_db: Db) => new Map<string, T>());
  return (db, flags) => {
    const statements = statementsOf(db);
    // e.g. "favorites" + { search: true, after: false } → "favorites:search"
    const statementName = [name, ...Object.keys(flags).filter((flag) => flags[flag])].join(':');
    let statement = statements.get(statementName);
    if (!statement) statements.set(statementName, (statement = build(db, flags, statementName)));
    return statement;
  };
}

/** A placeholder for a list of text values, compared with `= any(…)` (a list's length varies; `in (…)` would not prepare). */
export function textArray(name: string): SQL {
  return sql`${sql.placeholder(name)}::text[]`;
}
