import type { FilterGroup } from '@domain/gallery-filters';
import { asLength, asShape } from '@domain/media-shape';
import { normalizeSearch, searchTextOf } from '@domain/search';
import { CATEGORY_KEYS, splitCategory, type CategoryKey } from '@domain/vocabulary';

/**
 * Keys stored on each creative so that Firestore's indexes can serve the most selective part of a
 * gallery request (docs/decisions/005): `facets` for the filters (`array-contains-any` for one group,
 * `array-contains` for a flag) and `searchKeys` for the search (`array-contains` of one word). The
 * browser still checks the whole request with `matchesFilters` / `matchesSearch`: the keys only
 * choose which documents are read, never which are shown.
 */

/** The two checkboxes of the filter dialog, as facets. */
export const FLAG_FACETS = {
  isJuntoAngel: 'flag:isJuntoAngel',
  testedAndApproved: 'flag:testedAndApproved',
} as const;

export const facetKey = (key: FilterGroup, value: string): string => `${key}:${value}`;

/**
 * Every category value of a creative as `key:value`, its flags, and its shape and length classes
 * (domain/media-shape.ts: `shape:9:16`, `length:le6`, from the document's `shape` and `lengthClass`;
 * none when absent or not a class); no duplicates.
 */
export function facetKeys(
  creative: Record<CategoryKey, string> & { isJuntoAngel: boolean; testedAndApproved: boolean; shape?: unknown; lengthClass?: unknown },
): string[] {
  const keys = new Set<string>();
  for (const key of CATEGORY_KEYS) for (const value of splitCategory(creative[key])) keys.add(facetKey(key, value));
  if (creative.isJuntoAngel) keys.add(FLAG_FACETS.isJuntoAngel);
  if (creative.testedAndApproved) keys.add(FLAG_FACETS.testedAndApproved);
  const shape = asShape(creative.shape);
  const length = asLength(creative.lengthClass);
  if (shape) keys.add(facetKey('shape', shape));
  if (length) keys.add(facetKey('length', length));
  return [...keys];
}

/**
 * The same keys as a map `{ key: true }` (`facetMap`): equality filters on its entries can be combined
 * in one query with one another and with one `array-contains` (a search word), which the `facets`
 * array cannot — the filter counts need every group at once (facet-counts.ts).
 */
export const facetMapOf = (keys: readonly string[]): Record<string, true> => Object.fromEntries(keys.map((key) => [key, true]));

/** Shortest and longest stored piece of a word; a search word longer than the longest is cut to it. */
export const SEARCH_KEY_MIN = 2;
export const SEARCH_KEY_MAX = 10;

/**
 * Every piece (substring) of SEARCH_KEY_MIN to SEARCH_KEY_MAX characters of every word of the
 * normalised name and advertiser (lower case, no accents: domain/search.ts). The search matches a
 * substring of the name or advertiser, so each word of a term is a piece of some stored word:
 * asking for one word's piece finds every creative that can match, and no other key is needed.
 */
export function searchKeys(creative: { name: string; advertiser: string }): string[] {
  const keys = new Set<string>();
  for (const word of searchTextOf(creative).split(' ')) {
    for (let start = 0; start < word.length; start += 1) {
      for (let end = start + SEARCH_KEY_MIN; end <= Math.min(word.length, start + SEARCH_KEY_MAX); end += 1) {
        keys.add(word.slice(start, end));
      }
    }
  }
  return [...keys].sort();
}

/**
 * The stored key to ask for a search term: its longest word (the rarest, most likely), cut to
 * SEARCH_KEY_MAX characters; null when no word is long enough to have been stored (the term is then
 * checked in the browser only).
 */
export function searchKeyOf(term: string): string | null {
  const words = normalizeSearch(term)
    .split(' ')
    .filter((w) => w.length >= SEARCH_KEY_MIN);
  if (words.length === 0) return null;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.slice(0, SEARCH_KEY_MAX);
}
