import { normalizeSearch } from './search';
import type { Suggestion } from './types';
import { CATEGORY_KEYS, CATEGORY_LISTS, type CategoryKey } from './vocabulary';

/** At most this many suggestions under the search box, and at most PER_TERM_KIND advertisers and tags each. */
export const SUGGESTION_LIMIT = 8;
export const SUGGESTIONS_PER_TERM_KIND = 3;
/** Similar creatives on the detail page. */
export const SIMILAR_LIMIT = 6;

/** Letters the accent removal does not turn into plain ones (PostgreSQL's unaccent does, for the documents). */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

/**
 * The words of what was typed, as the suggestions match them: lower-case, accent-free, letters a–z and
 * digits only (« Maison/Déco » → maison, deco; « L'Oré » → l, ore). Each must start a word of the label.
 */
export function suggestionWords(q: string): string[] {
  const plain = normalizeSearch(q).replace(/[œæß]/g, (ch) => LIGATURES[ch] ?? ch);
  return plain.split(/[^a-z0-9]+/).filter(Boolean);
}

/** True when every word of `words` starts a word of `label` (the rule both backends follow). */
export function startsWords(label: string, words: readonly string[]): boolean {
  const labelWords = suggestionWords(label);
  return words.every((w) => labelWords.some((lw) => lw.startsWith(w)));
}

/** The vocabulary values whose words start with `words`, as (category, value), in vocabulary order. */
export function matchingTags(words: readonly string[]): { category: CategoryKey; label: string }[] {
  if (words.length === 0) return [];
  return CATEGORY_KEYS.flatMap((category) =>
    CATEGORY_LISTS[category].filter((label) => startsWords(label, words)).map((label) => ({ category, label })),
  );
}

export function isVocabularyValue(category: string, label: string): category is CategoryKey {
  return (
    (CATEGORY_KEYS as readonly string[]).includes(category) &&
    (CATEGORY_LISTS[category as CategoryKey] as readonly string[]).includes(label)
  );
}

/**
 * The list shown: up to 3 advertisers, up to 3 tags, creative names for the rest (one per distinct
 * name, accents and case aside), then more advertisers and tags if names run short; 8 at most,
 * grouped advertisers → tags → creatives, each group in the order given (best first).
 */
export function mixSuggestions(found: { advertisers: Suggestion[]; tags: Suggestion[]; creatives: Suggestion[] }): Suggestion[] {
  const seen = new Set<string>();
  const names = found.creatives.filter((s) => {
    const key = normalizeSearch(s.label);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  let advertisers = Math.min(found.advertisers.length, SUGGESTIONS_PER_TERM_KIND);
  let tags = Math.min(found.tags.length, SUGGESTIONS_PER_TERM_KIND);
  const creatives = Math.min(names.length, SUGGESTION_LIMIT - advertisers - tags);
  let room = SUGGESTION_LIMIT - advertisers - tags - creatives;
  const moreAdvertisers = Math.min(room, found.advertisers.length - advertisers);
  advertisers += moreAdvertisers;
  room -= moreAdvertisers;
  tags += Math.min(room, found.tags.length - tags);
  return [...found.advertisers.slice(0, advertisers), ...found.tags.slice(0, tags), ...names.slice(0, creatives)];
}

/** Weights of the shared tag values in the 'Créatives similaires' score (sector and type first). */
export const SIMILARITY_WEIGHTS: Record<CategoryKey, number> = { sector: 3, type: 3, format: 1, objective: 1, platform: 1 };
