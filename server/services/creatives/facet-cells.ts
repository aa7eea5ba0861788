import { sql } from 'drizzle-orm';
import type { FacetCells } from '@domain/facets';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';

/** Cells per row of the cursor: ~150 kB of text, short-lived garbage for V8's young generation. */
const CELLS_PER_CHUNK = 8192;
/** Rows fetched per round trip. */
const CHUNKS_PER_FETCH = 4;

/**
 * (bits, count) cells of approved creatives, grouped in SQL and read through a cursor in chunks of
 * 8,192 cells: three comma-separated integer lists per row, parsed straight into typed arrays sized
 * once from the total. Reading the 500k cells of 1M creatives as one row took a 9 MB message, which
 * node-postgres assembles in a buffer doubled up to 16 MB, and 9 MB of strings: ~40 MB of garbage
 * that kept the idle server at 155 MB until V8's memory reducer ran. (An int[] column is worse: the
 * driver turns it into arrays of strings, then of numbers.) `tx` must be a transaction (the cursor
 * lives in it).
 */
export async function readCells(tx: SqlRunner, where = sql`true`, cellsPerChunk = CELLS_PER_CHUNK): Promise<FacetCells> {
  await tx.execute(sql`declare facet_cells no scroll cursor for
    select string_agg(lo::text, ',') as lo, string_agg(hi::text, ',') as hi, string_agg(n::text, ',') as n, max(total) as total
      from (select lo, hi, n, (row_number() over () - 1) / ${sql.raw(String(Math.max(1, Math.trunc(cellsPerChunk))))} as chunk, count(*) over () as total
              from (select facet_lo as lo, facet_hi as hi, count(*)::int as n
                      from creatives where status = 'approved' and ${where} group by 1, 2) cells) numbered
     group by chunk`);
  let cells: ReturnType<typeof cellsOfSize> | null = null;
  let filled = 0;
  for (;;) {
    const rows = await rowsOf<{ lo: string; hi: string; n: string; total: string | number }>(
      tx,
      sql`fetch ${sql.raw(String(CHUNKS_PER_FETCH))} from facet_cells`,
    );
    for (const row of rows) {
      cells ??= cellsOfSize(Number(row.total));
      parseIntList(row.lo, cells.lo, filled);
      parseIntList(row.hi, cells.hi, filled);
      filled += parseIntList(row.n, cells.n, filled);
    }
    if (rows.length < CHUNKS_PER_FETCH) break;
  }
  await tx.execute(sql`close facet_cells`);
  return cells ?? cellsOfSize(0);
}

const cellsOfSize = (size: number) => ({ lo: new Int32Array(size), hi: new Int32Array(size), n: new Int32Array(size) });

/**
 * Parses '12,-3,40' into `out` from `offset` (without an intermediate array) and returns how many
 * integers it wrote; '' or null writes none.
 */
export function parseIntList(text: string | null | undefined, out: Int32Array, offset = 0): number {
  if (!text) return 0;
  let index = offset;
  let value = 0;
  let negative = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 44;
    if (code === 44) {
      out[index++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === 45) {
      negative = true;
    } else {
      value = value * 10 + (code - 48);
    }
  }
  return index - offset;
}
