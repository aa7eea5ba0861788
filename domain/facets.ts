import type { GalleryFilters } from './gallery-filters';
import type { FacetCounts } from './types';
import { CATEGORY_KEYS, CATEGORY_LISTS, type CategoryKey } from './vocabulary';

/**
 * The filter values as bits, in the order of the SQL function facet_bit_values() (migration 0009;
 * tests/facets.test.ts checks they agree): each category value 'group:value', then the two flags.
 * A creative's bits are split in two integers: bits 0–30 in `lo`, bits 31–54 in `hi`.
 */
export const FACET_KEYS: readonly string[] = [
  ...CATEGORY_KEYS.flatMap((key) => CATEGORY_LISTS[key].map((value) => `${key}:${value}`)),
  'junto',
  'tested',
];

export const LO_BITS = 31;

/** The parts a facet count may leave out: each category group and each flag. */
export type FacetPart = CategoryKey | 'junto' | 'tested';
export const FACET_PARTS: readonly FacetPart[] = [...CATEGORY_KEYS, 'junto', 'tested'];

/** Which part each bit belongs to, and the bits of each part as a (lo, hi) mask. */
export const PART_OF_BIT: readonly FacetPart[] = FACET_KEYS.map((k) =>
  k.includes(':') ? (k.split(':')[0] as CategoryKey) : (k as FacetPart),
);

export interface BitMask {
  lo: number;
  hi: number;
}

/** The (lo, hi) mask of some facet keys. */
export function maskOf(keys: readonly string[]): BitMask {
  const mask = { lo: 0, hi: 0 };
  for (const key of keys) {
    const bit = FACET_KEYS.indexOf(key);
    if (bit < 0) continue;
    if (bit < LO_BITS) mask.lo |= 1 << bit;
    else mask.hi |= 1 << (bit - LO_BITS);
  }
  return mask;
}

/** The approved catalogue (or a search's matches) as (bits, count) cells. */
export interface FacetCells {
  lo: ArrayLike<number>;
  hi: ArrayLike<number>;
  n: ArrayLike<number>;
}

const PART_MASKS: Record<FacetPart, BitMask> = Object.fromEntries(
  FACET_PARTS.map((part) => [part, maskOf(FACET_KEYS.filter((_, bit) => PART_OF_BIT[bit] === part))]),
) as Record<FacetPart, BitMask>;

/** For each part the filters restrict, the bits a creative must carry one of. */
function requiredMasks(filters: GalleryFilters): [FacetPart, BitMask][] {
  const required: [FacetPart, BitMask][] = [];
  for (const key of CATEGORY_KEYS) {
    const chosen = filters.categories[key];
    if (chosen?.length) required.push([key, maskOf(chosen.map((v) => `${key}:${v}`))]);
  }
  if (filters.isJuntoAngel) required.push(['junto', maskOf(['junto'])]);
  if (filters.testedAndApproved) required.push(['tested', maskOf(['tested'])]);
  return required;
}

/** Adds `n` to the count of every bit of `lo`/`hi` (bit numbers as in FACET_KEYS). */
function addBits(counts: Float64Array, lo: number, hi: number, n: number): void {
  for (let x = lo; x !== 0; x &= x - 1) counts[31 - Math.clz32(x & -x)]! += n;
  for (let x = hi; x !== 0; x &= x - 1) counts[LO_BITS + 31 - Math.clz32(x & -x)]! += n;
}

/**
 * The facet counts of `filters` over `cells` (a shop's filters): a value's count keeps the creatives that
 * pass every part of the filters but its own group; a flag's, every part but itself; `total`, every part.
 * One pass: a cell failing two parts counts nowhere, one part only in that part's values, none everywhere.
 */
export function countFacets(cells: FacetCells, filters: GalleryFilters): FacetCounts {
  const required = requiredMasks(filters);
  const counts = new Float64Array(FACET_KEYS.length);
  let total = 0;
  for (let i = 0; i < cells.n.length; i++) {
    const lo = cells.lo[i]!;
    const hi = cells.hi[i]!;
    const n = cells.n[i]!;
    let failed: FacetPart | null = null;
    let failures = 0;
    for (const [part, mask] of required) {
      if ((lo & mask.lo) === 0 && (hi & mask.hi) === 0) {
        failed = part;
        if (++failures > 1) break;
      }
    }
    if (failures > 1) continue;
    if (failed === null) {
      total += n;
      addBits(counts, lo, hi, n);
    } else {
      addBits(counts, lo & PART_MASKS[failed].lo, hi & PART_MASKS[failed].hi, n);
    }
  }
  return facetCountsFrom(total, counts);
}

/** The API shape of the counts: `total`, and each value's count from `counts` (FACET_KEYS order). */
export function facetCountsFrom(total: number, counts: ArrayLike<number>): FacetCounts {
  const categories = Object.fromEntries(
    CATEGORY_KEYS.map((key) => [key, Object.fromEntries(CATEGORY_LISTS[key].map((v) => [v, counts[FACET_KEYS.indexOf(`${key}:${v}`)]!]))]),
  ) as FacetCounts['categories'];
  return {
    total,
    categories,
    junto: counts[FACET_KEYS.indexOf('junto')]!,
    tested: counts[FACET_KEYS.indexOf('tested')]!,
  };
}
