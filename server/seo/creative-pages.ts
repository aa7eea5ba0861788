import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type SqlGuard, unguarded } from '../db/load-shedding';
import { rowsOf } from '../db/sql-rows';

/**
 * The approved creatives cut into sitemap files without an OFFSET over the library: in
 * (created_at, id) order — the gallery's partial index `creatives_approved_recent_idx`, read
 * backwards — file k holds the creatives from the k-th file's first key up to the next file's,
 * read in keyset batches. The first keys come from one walk over that index (pageStarts), kept for
 * `ttlMs` and shared by the concurrent requests. Older files stay the same as the library grows:
 * new creatives go to the last one.
 */

/**
 * Where a file starts: the key of its first creative. `createdAt` is PostgreSQL's own text of the
 * timestamp, sent back as it came (no Date in between: parsing 50,000 of them cost ~100 ms a file).
 */
export interface PageStart {
  createdAt: string;
  id: string;
}

export interface CreativeEntry {
  id: string;
  /** W3C Datetime of its last change (edit, approval), to the second in UTC. */
  lastmod: string | null;
}

/**
 * Every `pageSize`-th approved creative's key, the first first: one per file. Each step skips
 * `pageSize` entries of the index from the previous key (an OFFSET bounded by a file, never by the
 * library), so the whole walk reads the index once — ~150–300 ms at 1M (a row_number() over every
 * creative took ~900 ms).
 */
export async function pageStarts(db: Db, pageSize: number): Promise<PageStart[]> {
  const rows = await rowsOf<{ at: string; id: string }>(
    db,
    sql`with recursive starts (created_at, id, k) as (
          (select created_at, id, 1 from creatives where status = 'approved' order by created_at, id limit 1)
          union all
          select next.created_at, next.id, s.k + 1
          from starts s
          cross join lateral (
            select c.created_at, c.id from creatives c
            where c.status = 'approved' and (c.created_at, c.id) >= (s.created_at, s.id)
            order by c.created_at, c.id
            offset ${pageSize} limit 1
          ) next
        )
        select created_at::text as at, id from starts order by k`,
  );
  return rows.map((r) => ({ createdAt: r.at, id: r.id }));
}

/** `2026-11-27 10:41:04.123456` (a UTC timestamp's text, DateStyle ISO as node-postgres requires) → `2026-11-27T10:41:04Z`. */
export function lastmodOf(utc: string): string | null {
  const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)/.exec(utc);
  return m ? `${m[1]}T${m[2]}Z` : null;
}

interface Row {
  id: string;
  at: string;
  utc: string;
}

/** A batch's rows, and whether it was full (more may follow). */
interface Batch {
  rows: Row[];
  full: boolean;
}

/** At most `limit` approved creatives after `after` (or from `from`, included) and before `to`. */
function batchOf(db: Db, from: PageStart, after: PageStart | null, to: PageStart | null, limit: number): Promise<Row[]> {
  // Aliases unlike the columns: `order by created_at` must sort by the column, not by its text.
  return rowsOf<Row>(
    db,
    sql`select id, created_at::text as at, (updated_at at time zone 'UTC')::text as utc
        from creatives
        where status = 'approved'
          and ${after ? sql`(created_at, id) > (${after.createdAt}::timestamptz, ${after.id})` : sql`(created_at, id) >= (${from.createdAt}::timestamptz, ${from.id})`}
          ${to ? sql`and (created_at, id) < (${to.createdAt}::timestamptz, ${to.id})` : sql``}
        order by created_at, id
        limit ${limit}`,
  );
}

/**
 * The approved creatives from `from` (included) up to `to` (excluded; none for the last file), at
 * most `limit`, in batches of `batchSize` — one item per batch: an `await` per creative cost more
 * than the query — the next batch read while this one is written: at most two in memory.
 */
export async function* creativesBetween(
  db: Db,
  range: { from: PageStart; to: PageStart | null; limit: number; batchSize: number },
): AsyncGenerator<CreativeEntry[]> {
  const { from, to } = range;
  let left = range.limit;
  const read = (after: PageStart | null): Promise<Batch> => {
    const size = Math.min(range.batchSize, left);
    left -= size;
    const rows = batchOf(db, from, after, to, size).then((r) => ({ rows: r, full: r.length === size }));
    // Left unread when the client goes: its failure then concerns no one.
    rows.catch(() => {});
    return rows;
  };
  let next: Promise<Batch> | null = read(null);
  while (next) {
    const batch: Batch = await next;
    const last = batch.rows[batch.rows.length - 1];
    next = batch.full && left > 0 && last ? read({ createdAt: last.at, id: last.id }) : null;
    if (batch.rows.length > 0) yield batch.rows.map((row) => ({ id: row.id, lastmod: lastmodOf(row.utc) }));
  }
}

export interface CreativePagesOptions {
  /** Creatives per file: SITEMAP_MAX_URLS, smaller in tests. */
  pageSize: number;
  /** How long the files' first keys are kept (0: read for every request). */
  ttlMs: number;
  /** The expensive reads' slots (load-shedding.ts), for the pass over every approved creative. */
  guard?: SqlGuard;
  now?: () => number;
}

/**
 * The files' first keys of one process, read again once they are `ttlMs` old. Meanwhile a file
 * still ends at the next one's first key and holds at most `pageSize`: no creative is ever listed
 * twice, and one approved into an older file's range may wait for the next read to be listed.
 */
export class CreativePages {
  private starts: Promise<PageStart[]> | null = null;
  private readAt = 0;
  private readonly guard: SqlGuard;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    readonly options: CreativePagesOptions,
  ) {
    this.guard = options.guard ?? unguarded;
    this.now = options.now ?? Date.now;
  }

  /** One first key per file: the number of files is its length. */
  pageStarts(): Promise<PageStart[]> {
    if (!this.starts || this.now() - this.readAt >= this.options.ttlMs) {
      this.readAt = this.now();
      const reading = this.guard(() => pageStarts(this.db, this.options.pageSize));
      // A failed read is not kept: the next request tries again.
      reading.catch(() => {
        if (this.starts === reading) this.starts = null;
      });
      this.starts = reading;
    }
    return this.starts;
  }

  /** File `page` (from 1): its creatives in batches; null beyond the last file. */
  async page(page: number, batchSize: number): Promise<AsyncGenerator<CreativeEntry[]> | null> {
    const starts = await this.pageStarts();
    const from = starts[page - 1];
    if (!from) return null;
    return creativesBetween(this.db, { from, to: starts[page] ?? null, limit: this.options.pageSize, batchSize });
  }
}
