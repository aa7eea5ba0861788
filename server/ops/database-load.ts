import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { getTableName, sql } from 'drizzle-orm';
import { ANALYTICS_ROLLUP_TABLE, pauseAnalyticsRollups, rebuildAnalyticsRollups } from '../db/analytics-rollups';
import { rebuildSuggestionTerms, SUGGESTION_TERMS_TABLE } from '../db/suggestion-terms';
import type { Db } from '../db/client';
import { facetState, searchWords } from '../db/schema';
import { tableFile, type Manifest } from './archive-manifest';
import { dependencyOrder, readCatalog, type TableInfo } from './schema-catalog';
import { columnList, rowsOf, tableRef, type SqlRunner } from '@server/db/sql-rows';

export interface LoadOptions {
  /** Empty every app table first (TRUNCATE … CASCADE): restore --force. */
  replace: boolean;
  /** Rows per INSERT, and a byte cap so wide rows do not make huge statements. */
  batchRows?: number;
  batchBytes?: number;
  onProgress?: (message: string) => void;
}

/**
 * Checks that every table and column of the archive exists in the target database (migrated by
 * this code): run before anything is written.
 */
export function checkTargetSchema(manifest: Manifest, catalog: readonly TableInfo[]): void {
  const byName = new Map(catalog.map((t) => [t.name, t]));
  for (const [name, table] of Object.entries(manifest.tables)) {
    const target = byName.get(name);
    if (!target) throw new Error(`la table « ${name} » de l'archive n'existe pas dans cette version de Créathèque`);
    const missing = table.columns.filter((c) => !target.columns.includes(c));
    if (missing.length) throw new Error(`colonne(s) ${missing.join(', ')} de la table « ${name} » inconnue(s) de cette version`);
  }
}

/** Tables of the target that hold at least one row. */
export async function nonEmptyTables(runner: SqlRunner, catalog: readonly TableInfo[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of catalog) {
    const [row] = await rowsOf<{ present: boolean }>(runner, sql`SELECT EXISTS (SELECT 1 FROM ${tableRef(table.name)}) AS present`);
    if (row?.present) found.push(table.name);
  }
  return found;
}

/**
 * Loads the archive's rows in ONE transaction: every table (emptied first with `replace`), in
 * foreign-key order, with INSERT … SELECT FROM json_populate_recordset in batches; then the
 * sequences of serial/identity columns move past the restored values; then the row counts are
 * checked against the manifest. The analytics rollups' triggers are paused meanwhile: the rollups
 * come from the archive like any table (dumped from the same snapshot as the rows), or, from an
 * archive made before they existed, are rebuilt from the loaded rows. Any failure rolls everything back.
 */
export async function loadDatabase(db: Db, dir: string, manifest: Manifest, options: LoadOptions): Promise<Record<string, number>> {
  const batchRows = options.batchRows ?? 500;
  const batchBytes = options.batchBytes ?? 4 * 1024 * 1024;
  return db.transaction(async (tx) => {
    await pauseAnalyticsRollups(tx);
    const catalog = await readCatalog(tx);
    checkTargetSchema(manifest, catalog);
    if (options.replace && catalog.length) {
      await tx.execute(
        sql`TRUNCATE ${sql.join(
          catalog.map((t) => tableRef(t.name)),
          sql`, `,
        )} RESTART IDENTITY CASCADE`,
      );
    }
    const counts: Record<string, number> = {};
    for (const table of dependencyOrder(catalog)) {
      const entry = manifest.tables[table.name];
      if (!entry) continue;
      const columns = columnList(entry.columns);
      const insert = async (lines: string[]) => {
        // OVERRIDING SYSTEM VALUE: identity columns GENERATED ALWAYS take the archived values too.
        await tx.execute(
          sql`INSERT INTO ${tableRef(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
              SELECT ${columns} FROM json_populate_recordset(null::${tableRef(table.name)}, ${`[${lines.join(',')}]`}::json)`,
        );
      };
      let batch: string[] = [];
      let bytes = 0;
      const input = fs.createReadStream(path.join(dir, tableFile(table.name)), 'utf8');
      for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
        if (!line) continue;
        batch.push(line);
        bytes += line.length;
        if (batch.length >= batchRows || bytes >= batchBytes) {
          await insert(batch);
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length) await insert(batch);
      const [row] = await rowsOf<{ n: string }>(tx, sql`SELECT count(*)::text AS n FROM ${tableRef(table.name)}`);
      counts[table.name] = Number(row?.n ?? 0);
      if (counts[table.name] !== entry.rows) {
        throw new Error(`table « ${table.name} » : ${counts[table.name]} ligne(s) chargée(s) au lieu de ${entry.rows}`);
      }
      options.onProgress?.(`  table ${table.name} : ${entry.rows} ligne(s)`);
    }
    await resetSequences(tx, catalog);
    if (!manifest.tables[ANALYTICS_ROLLUP_TABLE]) await rebuildAnalyticsRollups(tx);
    if (!manifest.tables[SUGGESTION_TERMS_TABLE]) await rebuildSuggestionTerms(tx);
    // An archive made before the French search (migration 0007): its vocabulary, from the loaded rows.
    if (!manifest.tables[getTableName(searchWords)]) await tx.execute(sql`SELECT search_words_rebuild()`);
    // An archive without a facet version (made before migration 0009, or before any change): a fresh one,
    // so no server keeps cells read before the restore.
    if (!manifest.tables[getTableName(facetState)]?.rows)
      await tx.execute(sql`INSERT INTO facet_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
    // The journal was paused: a new catalogue epoch, so no server resumes from a catalogue saved before.
    await tx.execute(sql`SELECT new_catalogue_epoch()`);
    return counts;
  });
}

/** Serial and identity columns: the next value follows the largest restored one. */
async function resetSequences(runner: SqlRunner, catalog: readonly TableInfo[]): Promise<void> {
  for (const table of catalog) {
    for (const { column, sequence } of table.sequences) {
      await runner.execute(
        sql`SELECT setval(${sequence}::regclass, m, true) FROM (SELECT max(${sql.identifier(column)}) AS m FROM ${tableRef(table.name)}) AS s WHERE m IS NOT NULL`,
      );
    }
  }
}
