import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tableFile, type ManifestFile } from './archive-manifest';
import { HashedLineWriter } from './file-digest';
import { lastAppliedMigration, type MigrationMark } from './migration-state';
import { readCatalog, type TableInfo } from './schema-catalog';
import { rowsOf, tableRef, type SqlRunner } from '@server/db/sql-rows';

export interface DumpResult {
  migration: MigrationMark;
  tables: Record<string, { rows: number; columns: string[] }>;
  files: ManifestFile[];
}

export interface DumpOptions {
  /** Rows read per query (keyset pages): bounds the memory whatever the table size. */
  batchSize?: number;
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
}

/** Alias of the dumped table in the queries; unlikely to shadow a column of the same name. */
const ROW = '__backup_row__';

/**
 * Writes db/<table>.jsonl (one row_to_json per line) for every table of schema public into `dir`,
 * inside ONE transaction REPEATABLE READ, READ ONLY: every table is read from the same snapshot,
 * so the files agree with each other (a like never points at a creative missing from the dump).
 * On PostgreSQL the snapshot blocks neither readers nor writers. On PGlite, a single connection,
 * the server's other queries wait until the transaction ends: keep the work inside it to the dump.
 */
export async function dumpDatabase(db: Db, dir: string, options: DumpOptions = {}): Promise<DumpResult> {
  const batchSize = options.batchSize ?? 1000;
  await fs.mkdir(path.join(dir, 'db'), { recursive: true });
  return db.transaction(
    async (tx) => {
      // Timestamps come out in UTC: the same instant gives the same bytes whatever the server's zone.
      await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
      const migration = await lastAppliedMigration(tx);
      if (!migration) throw new Error("la base n'a jamais été initialisée (aucune migration appliquée)");
      const catalog = await readCatalog(tx);
      const result: DumpResult = { migration, tables: {}, files: [] };
      for (const table of catalog) {
        options.signal?.throwIfAborted();
        const name = tableFile(table.name);
        const { rows, size, sha256 } = await dumpTable(tx, table, path.join(dir, name), batchSize, options.signal);
        result.tables[table.name] = { rows, columns: table.columns };
        result.files.push({ path: name, size, sha256 });
        options.onProgress?.(`  table ${table.name} : ${rows} ligne(s)`);
      }
      return result;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Reads one table in primary-key order, page after page (keyset: WHERE key > last key seen). */
async function dumpTable(
  runner: SqlRunner,
  table: TableInfo,
  file: string,
  batchSize: number,
  signal: AbortSignal | undefined,
): Promise<{ rows: number; size: number; sha256: string }> {
  const writer = new HashedLineWriter(file);
  try {
    // Without a primary key, the physical position (ctid) is a stable order inside the snapshot.
    const keys = table.primaryKey.length > 0 ? table.primaryKey : ['ctid'];
    const types = keys.map((k) => (k === 'ctid' ? 'tid' : (table.types[k] ?? 'text')));
    const keyExprs = keys.map((k) => sql`${sql.identifier(ROW)}.${sql.identifier(k)}`);
    const keyTuple = sql.join(keyExprs, sql`, `);
    let last: string[] | null = null;
    let rows = 0;
    for (;;) {
      signal?.throwIfAborted();
      // Bounds go back as text and are cast to the key's own type, so the comparison is exact.
      const after: SQL = last
        ? sql`WHERE (${keyTuple}) > (${sql.join(
            last.map((value, i) => sql`${value}::text::${sql.raw(types[i]!)}`),
            sql`, `,
          )})`
        : sql``;
      const page = await rowsOf<Record<string, string>>(
        runner,
        sql`SELECT row_to_json(${sql.identifier(ROW)})::text AS "__json__",
                   ${sql.join(
                     keyExprs.map((k, i) => sql`${k}::text AS ${sql.identifier(`__k${i}__`)}`),
                     sql`, `,
                   )}
              FROM ${tableRef(table.name)} AS ${sql.identifier(ROW)}
              ${after}
             ORDER BY ${keyTuple}
             LIMIT ${batchSize}`,
      );
      for (const row of page) await writer.writeLine(row.__json__!);
      rows += page.length;
      if (page.length < batchSize) break;
      const tail = page[page.length - 1]!;
      last = keys.map((_, i) => tail[`__k${i}__`]!);
    }
    return { rows, ...(await writer.close()) };
  } catch (err) {
    writer.abort();
    throw err;
  }
}
