import { countFacets, facetCountsFrom, FACET_KEYS, FACET_PARTS, PART_OF_BIT, type FacetCells } from '@domain/facets';
import type { GalleryFilters } from '@domain/gallery-filters';
import type { FacetCounts } from '@domain/types';
import { andInto, countBits, slotsOf, type Bits } from './bitset';
import type { CatalogueIndex } from './catalogue-index';
import { anyOf, requiredParts } from './catalogue-query';

/**
 * Counting the matches one by one costs ~a dozen steps a match; by bitsets, 55 ANDs of the index's
 * words, each by the popcnt kernel of bitset-arena.ts (~0.5 ms in all at 1M creatives). Up to this
 * many matches per word of the index (3,000 at 1M), one by one is cheaper.
 */
const ONE_BY_ONE_PER_WORD = 0.1;

/**
 * The filter dialog's counts over `matches` (a search's matches; null: the whole catalogue), the shop
 * way of domain/facets.ts: a value's count keeps the creatives passing every part of the filters but
 * its own. The whole catalogue without filters: the counts the index keeps. Few matches: their
 * (bits, 1) cells through countFacets itself. Many: for each part, the matches passing the other
 * parts as a bitset, and each of its values' count as the popcount of an AND — 55 ANDs of words
 * instead of a pass over every creative. Takes scratch bitsets: the caller has begun the computation
 * (CatalogueIndex.beginScratch), `matches` may be one of its.
 */
export function facetCountsOf(
  index: CatalogueIndex,
  matches: Bits | null,
  filters: GalleryFilters,
  oneByOneMax = ONE_BY_ONE_PER_WORD * index.words,
): FacetCounts {
  const required = requiredParts(filters);
  if (!matches && required.length === 0) return facetCountsFrom(index.liveCount, index.valueCounts);
  const within = matches ?? index.alive;
  if (countBits(within) <= oneByOneMax) return countFacets(cellsOf(index, within), filters);
  const chosen = new Map(required.map(({ part, bits }) => [part, anyOf(index, bits)]));
  /** The matches passing every required part but `except`. */
  const passing = (except: string | null): Bits => {
    const set = index.scratchCopy(within);
    for (const [part, bits] of chosen) if (part !== except) andInto(set, bits);
    return set;
  };
  const all = passing(null);
  const counts = new Float64Array(FACET_KEYS.length);
  for (const part of FACET_PARTS) {
    const base = chosen.has(part) ? passing(part) : all;
    for (let bit = 0; bit < FACET_KEYS.length; bit++) if (PART_OF_BIT[bit] === part) counts[bit] = index.countAnd(base, index.values[bit]!);
  }
  return facetCountsFrom(countBits(all), counts);
}

/** The matches as (bits, 1) cells. */
function cellsOf(index: CatalogueIndex, matches: Bits): FacetCells {
  const slots = slotsOf(matches);
  const lo = new Int32Array(slots.length);
  const hi = new Int32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    lo[i] = index.facetLo[slots[i]!]!;
    hi[i] = index.facetHi[slots[i]!]!;
  }
  return { lo, hi, n: new Int32Array(slots.length).fill(1) };
}
