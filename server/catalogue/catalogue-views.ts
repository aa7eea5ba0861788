import { FACET_KEYS, PART_OF_BIT } from '@domain/facets';
import type { GalleryFilters } from '@domain/gallery-filters';
import { SIMILARITY_WEIGHTS } from '@domain/suggestions';
import type { FacetCounts } from '@domain/types';
import { CATEGORY_KEYS, type CategoryKey } from '@domain/vocabulary';
import { andInto, hasBit } from './bitset';
import type { Catalogue } from './catalogue';
import type { CatalogueIndex } from './catalogue-index';
import {
  filtered,
  IdSet,
  pageOf,
  pageWithValues,
  requiredParts,
  SubstringSet,
  WordSets,
  type MatchSets,
  type PageKey,
} from './catalogue-query';
import { facetCountsOf } from './facet-bits';

/**
 * What the engine reads of a search (search.ts `engineQuery`): the `to_tsquery` text of each word
 * of a full-text search, or the normalised term of a substring search and its LIKE pattern.
 */
export type EngineQuery = { words: readonly string[] } | { substring: string; pattern: string };

/** A view's search in the engine: the index, and the search's matching sets (null without a search). */
export interface EngineMatch {
  index: CatalogueIndex;
  words: MatchSets | null;
}

/**
 * The engine's reading of a view's search (`query` undefined: none), or null when the engine cannot
 * answer it and SQL does: a substring spanning words held, piece by piece, by too many creatives
 * to check them by id (or `query` null), or a word PostgreSQL does not read as a plain lexeme.
 */
export async function engineMatch(catalogue: Catalogue, query: EngineQuery | null | undefined): Promise<EngineMatch | null> {
  if (query === undefined) return { index: await catalogue.fresh(), words: null };
  if (query === null) return null;
  if ('substring' in query) {
    if (query.substring.includes(' ')) {
      const ids = await catalogue.substringAcrossWords(query.substring, query.pattern);
      if (!ids) return null;
      const index = await catalogue.fresh();
      return { index, words: new IdSet(index, ids) };
    }
    const index = await catalogue.fresh();
    return { index, words: new SubstringSet(index, query.substring) };
  }
  const lexemes = await catalogue.lexemesOf(query.words);
  if (!lexemes) return null;
  const index = await catalogue.fresh();
  return { index, words: new WordSets(index, lexemes) };
}

/** The sort of a gallery page and where its cursor left off (time in ms, as cursors carry it). */
export type GalleryPosition =
  | { sort: 'recent'; after: { at: Date; id: string } | null }
  | { sort: 'likes'; after: { likes: number; at: Date; id: string } | null }
  | { sort: 'relevance'; after: { tier: number; at: Date; id: string } | null };

/** One creative of a page: its id and its relevance tier (0 outside relevance). */
export interface Pick {
  id: string;
  tier: number;
}

const keyOf = (after: { likes?: number; at: Date; id: string } | null): PageKey | null =>
  after && { likes: after.likes ?? 0, createdUs: after.at.getTime() * 1000, id: after.id };

/**
 * The creatives of a gallery page, in order, up to `limit`: the match within the filters, walked in
 * the sort's order after the cursor; for relevance, tier by tier from the cursor's (newest first within one).
 */
export function galleryPicks(
  { index, words }: EngineMatch,
  withAnalysis: boolean,
  filters: GalleryFilters,
  position: GalleryPosition,
  limit: number,
): Pick[] {
  index.beginScratch();
  const picks = (slots: number[], tier = 0) => slots.map((slot) => ({ id: index.ids.idOf(slot), tier }));
  if (!words) {
    const groups = requiredParts(filters).map((part) => part.bits);
    return picks(pageWithValues(index, groups, position.sort === 'likes' ? 'likes' : 'recent', keyOf(position.after), limit));
  }
  const within = filtered(index, filters);
  const { where, tiers, words: holding = null } = words.select(withAnalysis, within);
  if (position.sort !== 'relevance') return picks(pageOf(index, where, position.sort, keyOf(position.after), limit, holding));
  const found: Pick[] = [];
  const fromTier = position.after?.tier ?? 0;
  for (let tier = fromTier; tier < tiers.length && found.length < limit; tier++) {
    const after = tier === fromTier ? keyOf(position.after) : null;
    found.push(...picks(pageOf(index, tiers[tier]!, 'recent', after, limit - found.length, holding), tier));
  }
  return found;
}

/** The filter dialog's counts of a view (the whole catalogue without a search). */
export function viewFacetCounts({ index, words }: EngineMatch, withAnalysis: boolean, filters: GalleryFilters): FacetCounts {
  index.beginScratch();
  return facetCountsOf(index, words ? words.select(withAnalysis, index.alive).where : null, filters);
}

/**
 * The suggestions' creatives (suggestions.service.ts): up to `limit` approved creatives whose name
 * has, for each of `words`, a word starting with it (domain/suggestions.ts `suggestionWords`), the
 * most liked first (then newest, as the likes sort).
 */
export function suggestedNames(index: CatalogueIndex, words: readonly string[], limit: number): string[] {
  if (words.length === 0) return [];
  index.beginScratch();
  const set = index.scratchCopy(index.alive);
  for (const word of words) {
    const holding = index.scratch();
    for (const postings of index.nameWordsStartingWith(word)) postings.orInto(holding);
    andInto(set, holding);
  }
  return pageOf(index, set, 'likes', null, limit).map((slot) => index.ids.idOf(slot));
}

/** A creative whose similar ones are asked for: its id and tag values per group. */
export type SimilarOf = { id: string } & Record<CategoryKey, string[]>;

/**
 * The tag values of an approved creative, per group in vocabulary order, read from its filter bits;
 * null when the index holds no approved creative of that id.
 */
export function approvedTagsOf(index: CatalogueIndex, id: string): Record<CategoryKey, string[]> | null {
  const slot = index.ids.slotOf(id);
  if (slot < 0 || !index.isLive(slot)) return null;
  const tags = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, [] as string[]])) as Record<CategoryKey, string[]>;
  // Only the category values: not the flags, nor the shape and length classes ('shape:9:16' has two colons).
  for (const bit of index.bitsOf(slot)) {
    const part = PART_OF_BIT[bit]!;
    if (part in tags) tags[part as CategoryKey].push(FACET_KEYS[bit]!.slice(part.length + 1));
  }
  return tags;
}

/**
 * 'Créatives similaires' (similar.service.ts) from the index, with the same pools as its SQL: the
 * newest `poolSize` creatives sharing a sector and a type, and the newest sharing any tag value, scored
 * by the weights of the values they share, then newest first; never the creative itself.
 */
export function similarPicks(index: CatalogueIndex, me: SimilarOf, poolSize: number, limit: number): string[] {
  const keys = CATEGORY_KEYS.filter((k) => me[k].length > 0);
  if (keys.length === 0) return [];
  index.beginScratch();
  const self = index.ids.slotOf(me.id);
  const bitsOf = (key: CategoryKey) => me[key].map((v) => FACET_KEYS.indexOf(`${key}:${v}`)).filter((b) => b >= 0);
  const heavy = keys.filter((k) => k === 'sector' || k === 'type');
  const newest = (groups: number[][]) => pageWithValues(index, groups, 'recent', null, poolSize, self);
  const candidates = new Set(newest([keys.flatMap(bitsOf)]));
  if (heavy.length > 0) for (const slot of newest(heavy.map(bitsOf))) candidates.add(slot);
  const weighted = keys.flatMap((k) => bitsOf(k).map((bit) => ({ bit, weight: SIMILARITY_WEIGHTS[k] })));
  const score = (slot: number) => weighted.reduce((sum, { bit, weight }) => sum + (hasBit(index.values[bit]!, slot) ? weight : 0), 0);
  const scored = [...candidates].map((slot) => ({ slot, score: score(slot) }));
  scored.sort((a, b) => b.score - a.score || index.compareRecent(a.slot, b.slot));
  return scored.slice(0, limit).map((s) => index.ids.idOf(s.slot));
}
