import { normalizeSearch } from './search';

/**
 * Relevance of a search ('Pertinence', docs/decisions/011): the parts of a creative a word can be
 * found in, most relevant first, each with its PostgreSQL weight (A name, B advertiser, C tag
 * values, D analysis). A creative's tier is the first prefix of this list that holds every word —
 * every word in the name; in the name or advertiser; in the public document; anywhere — and a
 * ranked list is by tier, then newest first. The self-hosted search (server/services/creatives/
 * search.ts, the catalogue engine) and the Firebase adapter (src/gateway/firebase/creatives/
 * relevance-page.ts) both rank by this rule.
 */
export const SEARCH_PARTS = ['name', 'advertiser', 'tags', 'analysis'] as const;
export type SearchPart = (typeof SEARCH_PARTS)[number];

export const SEARCH_PART_WEIGHTS: Record<SearchPart, 'A' | 'B' | 'C' | 'D'> = { name: 'A', advertiser: 'B', tags: 'C', analysis: 'D' };

/** The parts of each tier, most relevant first: tier i searches SEARCH_PARTS' first i + 1. */
export const RELEVANCE_TIERS: readonly (readonly SearchPart[])[] = SEARCH_PARTS.map((_, i) => SEARCH_PARTS.slice(0, i + 1));

/**
 * The tier (index in RELEVANCE_TIERS) of a document whose words are found by `found(word, part)`:
 * the first whose parts hold every word; RELEVANCE_TIERS.length when one word is nowhere. No words:
 * tier 0 (nothing to rank).
 */
export function relevanceTier(words: readonly string[], found: (word: string, part: SearchPart) => boolean): number {
  let tier = 0;
  for (const word of words) {
    let at = SEARCH_PARTS.findIndex((part) => found(word, part));
    if (at < 0) at = SEARCH_PARTS.length;
    tier = Math.max(tier, at);
  }
  return tier;
}

/** The words of a term as the substring search sees them (accent- and case-free, split on spaces). */
export const searchTermWords = (term: string): string[] => normalizeSearch(term).split(' ').filter(Boolean);

/**
 * The tier of a creative when a word is found as a substring of a part's accent- and case-free text
 * (the substring search of domain/search.ts, the Firebase search): `texts` holds the parts known
 * (a card has no analysis: a word found only there is in no tier).
 */
export function substringTier(words: readonly string[], texts: Partial<Record<SearchPart, string>>): number {
  const normalized = Object.fromEntries(Object.entries(texts).map(([part, text]) => [part, normalizeSearch(text ?? '')])) as Partial<
    Record<SearchPart, string>
  >;
  return relevanceTier(words, (word, part) => normalized[part]?.includes(word) === true);
}
