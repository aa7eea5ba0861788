import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '@server/db/client';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';
import { CatalogueIndex, type CatalogueEntry } from './catalogue-index';

/** Rows read per round trip of the full load and of a catch-up. */
const LOAD_CHUNK = 20_000;
const CATCH_UP_CHUNK = 5_000;
/** A sequence number missing this long was rolled back (or its transaction is very slow: it is then re-read by the next rebuild). */
const GAP_PATIENCE_MS = 15_000;
/** At the full load, the journal rows this far below its last are checked for transactions still open. */
const LOAD_LOOKBACK = 2_000;
/** The widest hole in the sequence numbers that is waited for. */
const MAX_GAP = 10_000;
/** Journal rows older than this are deleted (by whichever instance catches up). */
export const JOURNAL_KEEP_HOURS = 24;
const JOURNAL_KEEP = `${JOURNAL_KEEP_HOURS} hours`;

/** What the full load and a catch-up read of a creative (null columns: the creative no longer exists). */
interface EntryRow {
  id: string;
  status: string | null;
  t: string | null;
  likes: number | null;
  facet_lo: number | null;
  facet_hi: number | null;
  doc: string | null;
  text: string | null;
  name: string | null;
}

const entryColumns = (c: string) =>
  sql.raw(`${c}.status, (extract(epoch from ${c}.created_at) * 1000000)::bigint::text as t, ${c}.likes, ${c}.facet_lo, ${c}.facet_hi,
    case when ${c}.status = 'approved' then ${c}.member_search_vector::text end as doc,
    case when ${c}.status = 'approved' then ${c}.search_text end as text,
    case when ${c}.status = 'approved' then ${c}.name end as name`);

function entryOf(row: EntryRow): CatalogueEntry | null {
  if (row.status !== 'approved' || row.t === null || row.doc === null) return null;
  return {
    id: row.id,
    createdUs: Number(row.t),
    likes: Number(row.likes),
    facetLo: Number(row.facet_lo),
    facetHi: Number(row.facet_hi),
    document: row.doc,
    text: row.text ?? '',
    name: row.name ?? '',
  };
}

/** Where the journal stands for an index: every sequence number ≤ `applied` is in it, and those of `gaps` are not yet. */
export interface JournalPosition {
  /** The database's catalogue epoch (migration 0018) the journal belongs to. */
  epoch: string;
  applied: number;
  /** Missing sequence numbers above which later ones were applied, with when they were first missed. */
  gaps: Map<number, number>;
}

/** The columns of the full load, in this order (the raw path reads rows as arrays). */
const LOAD_QUERY = `select c.id, c.status, (extract(epoch from c.created_at) * 1000000)::bigint::text as t, c.likes, c.facet_lo,
  c.facet_hi, c.member_search_vector::text as doc, c.search_text as text, c.name from creatives c where c.status = 'approved' order by c.created_at desc, c.id desc`;
const HEAD_QUERY = `select (select count(*)::int from creatives where status = 'approved') as n,
  (select coalesce(max(seq), 0)::text from catalogue_journal) as last, (select epoch from catalogue_state) as epoch`;
const SEEN_QUERY = 'select seq::text from catalogue_journal where seq > $1 and seq <= $2';

/** One read-only snapshot of the database: raw queries, rows as arrays of text. */
interface Snapshot {
  arrays(query: string, params?: unknown[]): Promise<unknown[][]>;
}

/**
 * Runs `read` in one repeatable-read, read-only transaction. On PostgreSQL, on a connection of the
 * pool used directly, rows as arrays of text (no Drizzle objects, no type parsing: the full load
 * reads ~200 MB of documents at 1M creatives); on PGlite, through Drizzle.
 */
async function inSnapshot<T>(db: Db, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const client = await pool.connect();
    const asText = { getTypeParser: () => (value: string) => value };
    try {
      await client.query('begin isolation level repeatable read read only');
      await client.query('set local statement_timeout = 0');
      const result = await read({
        arrays: async (text, values) => (await client.query({ text, values, rowMode: 'array', types: asText })).rows as unknown[][],
      });
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
  return db.transaction(
    (tx) =>
      read({
        arrays: async (text, values) => {
          let n = 0;
          const query = sql.raw(text.replace(/\$(\d+)/g, () => String(Number(values![n++]))));
          return (await rowsOf<Record<string, unknown>>(tx, query)).map((row) => Object.values(row));
        },
      }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Reads the whole approved catalogue into a new index, newest first (the recent order's index), in
 * one repeatable-read snapshot together with the journal's position, through a cursor.
 */
export async function loadCatalogue(db: Db): Promise<{ index: CatalogueIndex; position: JournalPosition }> {
  return inSnapshot(db, async (snapshot) => {
    const [[n, last, epoch] = [0, '0', null]] = await snapshot.arrays(HEAD_QUERY);
    const index = new CatalogueIndex(Math.ceil(Number(n) * 1.1) + 1024);
    index.beginLoad();
    await snapshot.arrays(`declare catalogue_load no scroll cursor for ${LOAD_QUERY}`);
    // The next chunk is asked for before this one is indexed: PostgreSQL reads it meanwhile.
    const fetchChunk = () => snapshot.arrays(`fetch ${LOAD_CHUNK} from catalogue_load`);
    for (let next = fetchChunk(); ;) {
      const rows = await next;
      if (rows.length === LOAD_CHUNK) next = fetchChunk();
      for (const [id, status, t, likes, facetLo, facetHi, doc, text, name] of rows) {
        const entry = entryOf({ id, status, t, likes, facet_lo: facetLo, facet_hi: facetHi, doc, text, name } as EntryRow);
        if (entry) index.add(entry);
      }
      if (rows.length < LOAD_CHUNK) break;
    }
    await snapshot.arrays('close catalogue_load');
    index.endLoad();
    // Sequence numbers taken by transactions still open at the snapshot are below `last` but not visible yet: gaps.
    const lastSeq = Number(last);
    const seen = await snapshot.arrays(SEEN_QUERY, [lastSeq - LOAD_LOOKBACK, lastSeq]);
    const visible = new Set(seen.map(([seq]) => Number(seq)));
    const gaps = new Map<number, number>();
    for (let s = Math.max(1, lastSeq - LOAD_LOOKBACK + 1); s <= lastSeq; s++) if (!visible.has(s)) gaps.set(s, Date.now());
    return { index, position: { epoch: String(epoch), applied: lastSeq, gaps } };
  });
}

/**
 * Applies the journal's rows after `position` to `index`: each named creative is read as it is now,
 * taken out, and put back with a new slot if it is approved (a change of its likes only moves it in
 * the likes order). Returns how many creatives changed, or null when the backlog is too long to be
 * worth it (the caller rebuilds).
 */
export async function catchUp(
  db: SqlRunner,
  index: CatalogueIndex,
  position: JournalPosition,
  maxBacklog = 100_000,
): Promise<number | null> {
  let changed = 0;
  let read = 0;
  for (;;) {
    const gaps = [...position.gaps.keys()];
    const rows = await rowsOf<EntryRow & { seq: string; kind: string }>(
      db,
      sql`select j.seq::text, j.creative_id as id, j.kind, ${entryColumns('c')}
            from catalogue_journal j left join creatives c on c.id = j.creative_id
           where j.seq > ${position.applied} or j.seq = any(${sql.param(gaps.map(String))}::bigint[])
           order by j.seq limit ${CATCH_UP_CHUNK}`,
    );
    read += rows.length;
    if (read > maxBacklog) return null;
    // The last row of each creative says how it is now; a 'doc' anywhere means its document may have changed.
    const latest = new Map<string, { row: EntryRow; doc: boolean }>();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (!position.gaps.delete(seq)) {
        // A jump wider than a burst of concurrent writes is not waited for (a restored or reset sequence).
        if (seq - position.applied <= MAX_GAP) for (let s = position.applied + 1; s < seq; s++) position.gaps.set(s, Date.now());
        position.applied = Math.max(position.applied, seq);
      }
      const before = latest.get(row.id);
      latest.set(row.id, { row, doc: (before?.doc ?? false) || row.kind === 'doc' });
    }
    for (const [id, { row, doc }] of latest) {
      const entry = entryOf(row);
      if (!doc && entry && index.setLikes(id, entry.likes)) {
        changed++;
        continue;
      }
      const removed = index.remove(id);
      if (entry) index.add(entry);
      if (removed || entry) changed++;
    }
    if (rows.length < CATCH_UP_CHUNK) break;
  }
  const now = Date.now();
  for (const [seq, since] of position.gaps) if (now - since > GAP_PATIENCE_MS) position.gaps.delete(seq);
  return changed;
}

/** The database's catalogue epoch now (null: none, as after a bulk load that emptied the table). */
export async function currentEpoch(db: SqlRunner): Promise<string | null> {
  const [row] = await rowsOf<{ epoch: string }>(db, sql`select epoch from catalogue_state where id = 1`);
  return row?.epoch ?? null;
}

/** Deletes the journal's old rows. */
export async function pruneJournal(db: SqlRunner): Promise<void> {
  await db.execute(sql`delete from catalogue_journal where at < now() - ${JOURNAL_KEEP}::interval`);
}
