import { sql } from 'drizzle-orm';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';

/**
 * What the dump and the load need to know about the app's tables, read from the PostgreSQL
 * catalog rather than from schema.ts: a table added by a later migration is backed up without
 * touching this code, and the same queries answer on PGlite and PostgreSQL 15.
 */
export interface TableInfo {
  name: string;
  /** Columns that hold data, in table order (generated columns are left out: they are computed). */
  columns: string[];
  /** Type of each column, as format_type() spells it (used to cast keyset bounds back). */
  types: Record<string, string>;
  /** Primary-key columns in key order; empty when the table has none (the dump then walks ctid). */
  primaryKey: string[];
  /** Tables this one references through a foreign key (itself excluded). */
  references: string[];
  /** Columns fed by a sequence (serial or identity), with the sequence's qualified name. */
  sequences: { column: string; sequence: string }[];
}

/**
 * Tables that describe the database rather than the library, neither backed up nor restored: the
 * catalogue's epoch (migration 0018), which every restore renews instead.
 */
const NOT_BACKED_UP = new Set(['catalogue_state']);

interface ColumnRow {
  table_name: string;
  column_name: string;
  column_type: string;
  generated: string;
  sequence: string | null;
}

interface KeyRow {
  table_name: string;
  column_name: string;
}

interface ForeignKeyRow {
  table_name: string;
  referenced: string;
}

export async function readCatalog(runner: SqlRunner): Promise<TableInfo[]> {
  // Ordinary tables of schema public (partitions would be read through their parent).
  const columns = await rowsOf<ColumnRow>(
    runner,
    sql`SELECT c.relname AS table_name, a.attname AS column_name,
               format_type(a.atttypid, a.atttypmod) AS column_type,
               a.attgenerated::text AS generated,
               pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) AS sequence
          FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
         ORDER BY c.relname, a.attnum`,
  );
  const keys = await rowsOf<KeyRow>(
    runner,
    sql`SELECT c.relname AS table_name, a.attname AS column_name
          FROM pg_constraint k
          JOIN pg_class c ON c.oid = k.conrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          CROSS JOIN LATERAL unnest(k.conkey) WITH ORDINALITY AS key(attnum, position)
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = key.attnum
         WHERE n.nspname = 'public' AND k.contype = 'p'
         ORDER BY c.relname, key.position`,
  );
  const foreignKeys = await rowsOf<ForeignKeyRow>(
    runner,
    sql`SELECT DISTINCT c.relname AS table_name, r.relname AS referenced
          FROM pg_constraint k
          JOIN pg_class c ON c.oid = k.conrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_class r ON r.oid = k.confrelid
          JOIN pg_namespace rn ON rn.oid = r.relnamespace
         WHERE n.nspname = 'public' AND rn.nspname = 'public' AND k.contype = 'f'`,
  );

  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [], types: {}, primaryKey: [], references: [], sequences: [] };
      tables.set(row.table_name, table);
    }
    if (row.generated) continue;
    table.columns.push(row.column_name);
    table.types[row.column_name] = row.column_type;
    if (row.sequence) table.sequences.push({ column: row.column_name, sequence: row.sequence });
  }
  for (const row of keys) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  for (const row of foreignKeys) {
    const table = tables.get(row.table_name);
    if (table && row.referenced !== row.table_name && !table.references.includes(row.referenced)) {
      table.references.push(row.referenced);
    }
  }
  return [...tables.values()].filter((t) => !NOT_BACKED_UP.has(t.name)).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Tables ordered so that every table comes after the tables it references: inserting in this
 * order satisfies each foreign key as rows arrive. A reference cycle (none in this schema) cannot
 * be ordered; its tables keep their alphabetical order and the load then fails loudly on the
 * constraint, inside its transaction.
 */
export function dependencyOrder(tables: readonly TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (table: TableInfo) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const ref of table.references) {
      const target = byName.get(ref);
      if (target) visit(target);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}
