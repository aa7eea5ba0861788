import { chosenIn, FILTER_GROUPS, type GalleryFilters } from './gallery-filters';
import { MEDIA_FILTER_KEYS, MEDIA_FILTER_LISTS, type MediaFilterKey } from './media-shape';
import type { FacetCounts } from './types';
import { CATEGORY_KEYS, CATEGORY_LISTS, type CategoryKey } from './vocabulary';

/**
 * The filter values as bits, in the order of the SQL function facet_bit_values() (migrations 0009 and
 * 0020; tests/facets.test.ts checks they agree): each category value 'group:value', the two flags, then
 * each shape and length class ('shape:9:16', 'length:le6'). 64 bits, split in two 32-bit integers:
 * bits 0–31 in `lo`, bits 32–63 in `hi` (bit 31 of each is its sign: a negative integer).
 */
export const FACET_KEYS: readonly string[] = [
  ...CATEGORY_KEYS.flatMap((key) => CATEGORY_LISTS[key].map((value) => `${key}:${value}`)),
  'junto',
  'tested',
  ...MEDIA_FILTER_KEYS.flatMap((key) => MEDIA_FILTER_LISTS[key].map((value) => `${key}:${value}`)),
];

export const LO_BITS = 32;

/** The parts a facet count may leave out: each category group, each flag, the shape and the length. */
export type FacetPart = CategoryKey | MediaFilterKey | 'junto' | 'tested';
export const FACET_PARTS: readonly FacetPart[] = [...CATEGORY_KEYS, 'junto', 'tested', ...MEDIA_FILTER_KEYS];

/** Which part each bit belongs to ('shape:9:16' is the shape's: the part is before the first colon). */
export const PART_OF_BIT: readonly FacetPart[] = FACET_KEYS.map((k) => (k.includes(':') ? k.slice(0, k.indexOf(':')) : k) as FacetPart);

/**
 * For each group of values the filters restrict (a category, the shape, the length), its part and the
 * facet keys of its chosen values: any of them within a group, every group (and flag) across.
 */
export function chosenGroups(filters: GalleryFilters): { part: FacetPart; keys: string[] }[] {
  const groups: { part: FacetPart; keys: string[] }[] = [];
  for (const group of FILTER_GROUPS) {
    const chosen = chosenIn(filters, group);
    if (chosen.length) groups.push({ part: group, keys: chosen.map((v) => `${group}:${v}`) });
  }
  if (filters.isJuntoAngel) groups.push({ part: 'junto', keys: ['junto'] });
  if (filters.testedAndApproved) groups.push({ part: 'tested', keys: ['tested'] });
  return groups;
}

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
    // `1 << 31` is -2^31: the sign bit, as the SQL integers carry it.
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
  return chosenGroups(filters).map(({ part, keys }) => [part, maskOf(keys)]);
}

/**
 * Adds `n` to the count of every bit of `lo`/`hi` (bit numbers as in FACET_KEYS). Signed integers: `x & -x`
 * of -2^31 is -2^31, whose clz32 is 0 (bit 31), and `x &= x - 1` then leaves 0.
 */
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
  const countsOf = (key: string, values: readonly string[]) =>
    Object.fromEntries(values.map((v) => [v, counts[FACET_KEYS.indexOf(`${key}:${v}`)]!]));
  const categories = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, countsOf(key, CATEGORY_LISTS[key])])) as FacetCounts['categories'];
  const media = Object.fromEntries(MEDIA_FILTER_KEYS.map((key) => [key, countsOf(key, MEDIA_FILTER_LISTS[key])])) as FacetCounts['media'];
  return {
    total,
    categories,
    media,
    junto: counts[FACET_KEYS.indexOf('junto')]!,
    tested: counts[FACET_KEYS.indexOf('tested')]!,
  };
}
