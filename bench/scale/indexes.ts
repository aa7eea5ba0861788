/**
 * Bulk loading into indexed tables is several times slower than loading bare tables and building
 * each index once at the end. Before the load we save the exact DDL of the keys, foreign keys and
 * indexes of the bulk tables (as the app's migrations made them) into a table `bench_ddl`, drop
 * them, and replay the DDL afterwards. Because the DDL lives in the database, a crashed run is
 * repaired by the next one (`restoreSavedDdl` runs first), and the schema ends up exactly the app's.
 */
import type { SqlSession } from './connection';
import { lit } from './connection';

/** Tables that receive millions of rows. `user`, `account` and `media` keep their indexes. */
export const BULK_TABLES = ['creatives', 'creative_likes', 'comments', 'comment_likes', 'folders', 'folder_creatives'] as const;

const inList = BULK_TABLES.map(lit).join(',');

interface DdlRow {
  ord: number;
  drop: string;
  create: string;
}

export async function hasSavedDdl(session: SqlSession): Promise<boolean> {
  const [row] = await session.rows<{ present: boolean }>(`select to_regclass('public.bench_ddl') is not null as present`);
  return Boolean(row?.present);
}

/** Replays saved DDL (after a crash or at the end of a load), then forgets it. */
export async function restoreSavedDdl(session: SqlSession, onStep?: (ddl: string, ms: number) => void): Promise<void> {
  if (!(await hasSavedDdl(session))) return;
  const rows = await session.rows<DdlRow>(`select ord, "drop", "create" from bench_ddl order by ord`);
  for (const row of rows) {
    const started = Date.now();
    await session.run(row.create);
    onStep?.(row.create, Date.now() - started);
  }
  await session.run('drop table bench_ddl');
}

/**
 * Saves and drops the keys and indexes of the bulk tables, and the foreign keys of other tables
 * that reference them. Creation order: primary/unique keys, then plain indexes, then foreign keys
 * (which need the referenced keys).
 */
export async function dropBulkIndexes(session: SqlSession): Promise<number> {
  const constraints = await session.rows<{ tbl: string; name: string; def: string; contype: string }>(`
    select c.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def, k.contype::text as contype
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and k.contype in ('p', 'u', 'f')
       and (c.relname in (${inList})
            -- a foreign key of another table (folder_shares) that depends on a bulk table's key
            or (k.contype = 'f' and exists (select 1 from pg_class r where r.oid = k.confrelid and r.relname in (${inList}))))`);
  const indexes = await session.rows<{ tbl: string; name: string; def: string }>(`
    select i.tablename as tbl, i.indexname as name, i.indexdef as def
      from pg_indexes i
     where i.schemaname = 'public' and i.tablename in (${inList})
       and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`);
  const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const rows: DdlRow[] = [];
  const keys = constraints.filter((k) => k.contype !== 'f');
  const fks = constraints.filter((k) => k.contype === 'f');
  for (const k of keys) {
    rows.push({
      ord: rows.length,
      drop: `alter table ${ident(k.tbl)} drop constraint ${ident(k.name)}`,
      create: `alter table ${ident(k.tbl)} add constraint ${ident(k.name)} ${k.def}`,
    });
  }
  for (const i of indexes) rows.push({ ord: rows.length, drop: `drop index ${ident(i.name)}`, create: i.def });
  for (const k of fks) {
    rows.push({
      ord: rows.length,
      drop: `alter table ${ident(k.tbl)} drop constraint ${ident(k.name)}`,
      create: `alter table ${ident(k.tbl)} add constraint ${ident(k.name)} ${k.def}`,
    });
  }
  // One transaction: a failed drop leaves neither a saved DDL nor a half-dropped schema behind.
  await session.run('begin');
  try {
    await session.run(`create table bench_ddl (ord int primary key, "drop" text not null, "create" text not null)`);
    for (const r of rows) {
      await session.run(`insert into bench_ddl values (${r.ord}, ${lit(r.drop)}, ${lit(r.create)})`);
    }
    // Foreign keys go first (they depend on the keys), in reverse creation order.
    for (const r of [...rows].reverse()) await session.run(r.drop);
    await session.run('commit');
  } catch (err) {
    await session.run('rollback');
    throw err;
  }
  return rows.length;
}
