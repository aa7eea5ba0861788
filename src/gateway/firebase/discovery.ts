import { collection, documentId, limit, orderBy, query, where, type QueryConstraint } from 'firebase/firestore';
import { matchingTags, mixSuggestions, SIMILAR_LIMIT, startsWords, suggestionWords } from '@domain/suggestions';
import type { Creative, Suggestion } from '@domain/types';
import { splitCategory } from '@domain/vocabulary';
import type { Gateway } from '../types';
import { dataOf, guard, uidOf, type FirebaseContext } from './context';
import { readCreativeDoc } from './creatives-shared';
import { facetKey, SEARCH_KEY_MAX, SEARCH_KEY_MIN } from './index-keys';
import { toCreative } from './mappers';
import { readQuery } from './reads';

/**
 * Suggestions and similar creatives in Firebase mode (issue 17). Firestore has no word-prefix index
 * and no counts at scale, so both read a small bounded set (README, Firebase section):
 *  - suggest: the SUGGEST_READS most-liked approved creatives whose `searchKeys` hold the longest typed
 *    word (a substring of their name or advertiser, index-keys.ts), checked in the browser for word
 *    starts (domain/suggestions.ts): their names, and their advertisers ranked by how many of those
 *    documents carry them; tag values from the vocabulary (not checked against approved creatives);
 *  - similar: the newest approved creatives carrying the creative's first sector (else first type).
 */
export const SUGGEST_READS = 20;

const approvedBy = (...order: QueryConstraint[]) => [where('status', '==', 'approved'), ...order, orderBy(documentId(), 'desc')];

export function firebaseDiscovery(ctx: FirebaseContext): Pick<Gateway['creatives'], 'suggest' | 'similar'> {
  const creatives = () => collection(ctx.db, 'creatives');
  return {
    async suggest(q) {
      const words = suggestionWords(q);
      if (words.length === 0) return [];
      const tags: Suggestion[] = matchingTags(words).map((t) => ({ kind: 'tag', label: t.label, category: t.category }));
      const stored = words.filter((w) => w.length >= SEARCH_KEY_MIN);
      if (stored.length === 0) return mixSuggestions({ advertisers: [], tags, creatives: [] });
      const key = stored.reduce((a, b) => (b.length > a.length ? b : a)).slice(0, SEARCH_KEY_MAX);
      const snap = await guard(ctx, () =>
        readQuery(
          ctx.reads,
          query(
            creatives(),
            where('searchKeys', 'array-contains', key),
            ...approvedBy(orderBy('likes', 'desc'), orderBy('createdAt', 'desc')),
            limit(SUGGEST_READS),
          ),
        ),
      );
      const docs = snap.docs.map((d) => ({ id: d.id, data: dataOf(d) }));
      const advertisers = new Map<string, number>();
      for (const { data } of docs) {
        const advertiser = String(data.advertiser ?? '');
        if (startsWords(advertiser, words)) advertisers.set(advertiser, (advertisers.get(advertiser) ?? 0) + 1);
      }
      return mixSuggestions({
        advertisers: [...advertisers.entries()].sort((a, b) => b[1] - a[1]).map(([label]) => ({ kind: 'advertiser', label })),
        tags,
        creatives: docs
          .filter(({ data }) => startsWords(String(data.name ?? ''), words))
          .map(({ id, data }) => ({ kind: 'creative', label: String(data.name), id })),
      });
    },

    async similar(id) {
      const data = await readCreativeDoc(ctx, id);
      const [sector] = splitCategory(data.sector as string | undefined);
      const [type] = splitCategory(data.type as string | undefined);
      const facet = sector ? facetKey('sector', sector) : type ? facetKey('type', type) : null;
      if (!facet) return [];
      const uid = await uidOf(ctx);
      const snap = await guard(ctx, () =>
        readQuery(
          ctx.reads,
          query(
            creatives(),
            where('facets', 'array-contains', facet),
            ...approvedBy(orderBy('createdAt', 'desc')),
            limit(SIMILAR_LIMIT + 1),
          ),
        ),
      );
      const found: Creative[] = snap.docs.filter((d) => d.id !== id).map((d) => toCreative(d.id, dataOf(d), { uid }));
      return found.slice(0, SIMILAR_LIMIT);
    },
  };
}
