import { sql } from 'drizzle-orm';
import type { FacetCells } from '@domain/facets';
import type { Db } from '@server/db/client';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';

/**
 * (bits, count) cells of approved creatives, grouped in SQL: three comma-separated integer lists in
 * one row, parsed straight into typed arrays. (An int[] column would be parsed by the driver into an
 * array of strings, then of numbers: at 1M creatives, 500k cells, that transient garbage alone lifted
 * the server's peak memory by ~150 MB.)
 */
export async function readCells(runner: SqlRunner, where = sql`true`): Promise<FacetCells> {
  const [row] = await rowsOf<{ lo: string | null; hi: string | null; n: string | null }>(
    runner,
    sql`select string_agg(lo::text, ',') as lo, string_agg(hi::text, ',') as hi, string_agg(n::text, ',') as n
          from (select facet_lo as lo, facet_hi as hi, count(*)::int as n
                  from creatives where status = 'approved' and ${where} group by 1, 2) cells`,
  );
  return { lo: parseIntList(row?.lo), hi: parseIntList(row?.hi), n: parseIntList(row?.n) };
}

/** '12,-3,40' → Int32Array [12, -3, 40], without an intermediate array; '' or null → empty. */
export function parseIntList(text: string | null | undefined): Int32Array {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Int32Array(count);
  let index = 0;
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
  return out;
}

/** Cells kept for searches on each instance: 2M cells ≈ 24 MB (a common word's matches hold ~30k at 1M creatives). */
const SEARCHED_CELLS_MAX = 2_000_000;

/**
 * The whole approved catalogue as cells, kept in memory (a few MB at 1M creatives) and read again when
 * `facet_state.version` changed — a new random one written by a trigger in the same transaction as any
 * change to an approved creative's filter values (migration 0009). Each request reads the version (one
 * row); the cells and their version are read together in one snapshot, so cells are never newer or older
 * than the version they are kept under. Concurrent requests share one reading. Every instance keeps its
 * own, and all follow the database.
 */
export class FacetIndex {
  private current: { version: string; cells: FacetCells } | null = null;
  private reading: Promise<{ version: string; cells: FacetCells }> | null = null;
  /** Cells of searches' matches read under `searchedVersion`, least recently used first. */
  private readonly searched = new Map<string, FacetCells>();
  private searchedVersion = '';
  private searchedCells = 0;

  constructor(
    private readonly db: Db,
    /** How many cells the searches' entries may hold together (12 bytes each). */
    private readonly searchedCellsMax = SEARCHED_CELLS_MAX,
  ) {}

  async cells(): Promise<FacetCells> {
    const version = await this.version(this.db);
    if (this.current?.version === version) return this.current.cells;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    const read = await this.reading;
    // A reading that began before the change this request saw: read again.
    if (read.version !== version) return (await this.read()).cells;
    return read.cells;
  }

  /**
   * The cells of a search's matches (`key` names the search: its term, mode and audience), read by
   * `read` once per catalogue version: the filter dialog asks again with every toggle, and a common
   * word's matches take a few hundred ms to read at 1M creatives. The version is read first, so cells
   * are never older than the version they are kept under; any change to an approved creative's values
   * drops them all.
   */
  async searchCells(key: string, read: () => Promise<FacetCells>): Promise<FacetCells> {
    const version = await this.version(this.db);
    if (version !== this.searchedVersion) {
      this.searched.clear();
      this.searchedCells = 0;
      this.searchedVersion = version;
    }
    const kept = this.searched.get(key);
    if (kept) {
      this.searched.delete(key);
      this.searched.set(key, kept);
      return kept;
    }
    const cells = await read();
    // Not kept if the catalogue changed meanwhile (another request saw the newer version).
    if (this.searchedVersion !== version || cells.n.length > this.searchedCellsMax / 4) return cells;
    this.searched.set(key, cells);
    this.searchedCells += cells.n.length;
    for (const [oldest, old] of this.searched) {
      if (this.searchedCells <= this.searchedCellsMax) break;
      this.searched.delete(oldest);
      this.searchedCells -= old.n.length;
    }
    return cells;
  }

  private async version(runner: SqlRunner): Promise<string> {
    const [row] = await rowsOf<{ version: string }>(runner, sql`select version from facet_state where id = 1`);
    return row?.version ?? '';
  }

  private async read(): Promise<{ version: string; cells: FacetCells }> {
    const read = await this.db.transaction(async (tx) => ({ version: await this.version(tx), cells: await readCells(tx) }), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    this.current = read;
    return read;
  }
}
