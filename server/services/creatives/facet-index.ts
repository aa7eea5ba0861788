import { sql } from 'drizzle-orm';
import type { FacetCells } from '@domain/facets';
import type { Db } from '@server/db/client';
import { rowsOf, type SqlRunner } from '@server/db/sql-rows';

/** (bits, count) cells of approved creatives, grouped in SQL: three integer arrays in one row (fast to parse). */
export async function readCells(runner: SqlRunner, where = sql`true`): Promise<FacetCells> {
  const [row] = await rowsOf<{ lo: number[] | null; hi: number[] | null; n: number[] | null }>(
    runner,
    sql`select array_agg(lo) as lo, array_agg(hi) as hi, array_agg(n) as n
          from (select facet_lo as lo, facet_hi as hi, count(*)::int as n
                  from creatives where status = 'approved' and ${where} group by 1, 2) cells`,
  );
  return { lo: Int32Array.from(row?.lo ?? []), hi: Int32Array.from(row?.hi ?? []), n: Int32Array.from(row?.n ?? []) };
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
