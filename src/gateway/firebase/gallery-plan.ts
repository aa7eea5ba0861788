import { chosenIn, FILTER_GROUPS, type FilterGroup, type GalleryFilters } from '@domain/gallery-filters';
import type { GalleryQuery } from '../types';
import { normalizeSearch } from '@domain/search';
import { facetKey, FLAG_FACETS, searchKeyOf } from './index-keys';

/**
 * Which part of a gallery request Firestore's indexes serve (docs/decisions/005). A query may hold
 * one `array-contains` or `array-contains-any` only, so a page reads the approved creatives that
 * match ONE part — a search word (`searchKeys array-contains`), one filter group (`facets
 * array-contains-any` its values) or one flag (`facets array-contains`) — and the browser checks the
 * whole request on what was read (`matchesFilters`, `matchesSearch`). The part that matches the
 * fewest creatives makes the fewest reads; the adapter counts the candidates (one aggregation each)
 * and keeps its choice in the cursor, so every page of a list reads the same sequence. Pure.
 */
export type IndexedPart =
  { kind: 'search'; key: string } | { kind: 'group'; group: FilterGroup; keys: string[] } | { kind: 'flag'; key: string };

/** The filters of a gallery request (the gallery's and its filter counts'). */
export const galleryFiltersOf = (q: GalleryQuery): GalleryFilters => ({
  categories: q.filters ?? {},
  media: q.media ?? {},
  isJuntoAngel: q.isJuntoAngel === true,
  testedAndApproved: q.testedAndApproved === true,
});

/** Largest list Firestore accepts in `array-contains-any`. */
export const ANY_OF_MAX = 30;

/** The part's name in a cursor: which index the next pages read. */
export function partLabel(part: IndexedPart): string {
  if (part.kind === 'search') return `search:${part.key}`;
  if (part.kind === 'group') return `group:${part.group}`;
  return part.key;
}

/**
 * Every part of the request an index can serve, in the order ties are broken: the search word
 * first (usually the rarest), then the groups in the filter dialog's order, then the flags.
 */
export function indexedParts(filters: GalleryFilters, term: string): IndexedPart[] {
  const parts: IndexedPart[] = [];
  const key = searchKeyOf(term);
  if (key) parts.push({ kind: 'search', key });
  for (const group of FILTER_GROUPS) {
    const keys = [...new Set(chosenIn(filters, group))].map((value) => facetKey(group, value));
    // More values than Firestore takes in one query (only a crafted URL can): checked in the browser.
    if (keys.length > 0 && keys.length <= ANY_OF_MAX) parts.push({ kind: 'group', group, keys });
  }
  if (filters.isJuntoAngel) parts.push({ kind: 'flag', key: FLAG_FACETS.isJuntoAngel });
  if (filters.testedAndApproved) parts.push({ kind: 'flag', key: FLAG_FACETS.testedAndApproved });
  return parts;
}

/**
 * True when reading the creatives that match `part` is the whole request: nothing is left for the
 * browser to refuse, so a page is exactly the page size plus one read. A search word is exact
 * when it is the whole term and short enough to be stored as it is (index-keys.ts).
 */
export function partIsWholeRequest(part: IndexedPart | null, filters: GalleryFilters, term: string): boolean {
  if (hasUnindexedFilter(filters)) return false;
  const normalized = normalizeSearch(term);
  const searchLeft = normalized !== '' && !(part?.kind === 'search' && part.key === normalized);
  if (searchLeft) return false;
  const parts = indexedParts(filters, term);
  if (part === null) return parts.length === 0;
  return parts.length === 1 && partLabel(parts[0]!) === partLabel(part);
}

/** A group with more values than one query takes (see indexedParts). */
function hasUnindexedFilter(filters: GalleryFilters): boolean {
  return FILTER_GROUPS.some((group) => new Set(chosenIn(filters, group)).size > ANY_OF_MAX);
}

/**
 * The part with the smallest count (counts[i] for parts[i], each capped at the same limit); on a
 * tie, the first in `indexedParts`' order.
 */
export function pickPart(parts: IndexedPart[], counts: number[]): IndexedPart | null {
  let best: number | null = null;
  parts.forEach((_, i) => {
    if (best === null || counts[i]! < counts[best]!) best = i;
  });
  return best === null ? null : parts[best]!;
}
