import {
  and,
  collection,
  FieldPath,
  or,
  query,
  where,
  type DocumentData,
  type Query,
  type QueryFilterConstraint,
} from 'firebase/firestore';
import { MSG } from '@domain/messages';
import type { FacetCounts } from '@domain/types';
import { isMediaGroup } from '@domain/gallery-filters';
import { MEDIA_FILTER_KEYS } from '@domain/media-shape';
import { CATEGORY_KEYS } from '@domain/vocabulary';
import { GatewayError, type Gateway } from '../types';
import { chunks, guard, type FirebaseContext } from './context';
import { facetCountPlan, specKey, type CountSpec } from './facet-count-plan';
import { galleryFiltersOf } from './gallery-plan';
import { countQuery } from './reads';

/**
 * The filter dialog's counts in Firebase mode (docs/decisions/024): one count aggregation per
 * distinct query of facet-count-plan.ts — at most 65 a view (53 category values, 9 shape and length classes, 2 flags, the total), each
 * billed one read per 1,000 creatives it counts, at least one. A count is kept FACET_COUNT_TTL_MS
 * per query: toggling a value in the dialog asks again only the counts that value changes (not its
 * own group's), and going back to a view asks nothing. A view Firestore cannot count (more than 30
 * disjunctions once expanded, e.g. 2 types × 4 sectors × 4 platforms) is refused: the dialog then
 * shows no numbers, never wrong ones.
 */
export const FACET_COUNT_TTL_MS = 60_000;
/** Counts kept at most (the oldest go first): a few dialogs' worth. */
export const FACET_COUNT_CACHE_MAX = 2_000;
/** Aggregations in flight at once. */
const PARALLEL = 8;

const carries = (key: string) => where(new FieldPath('facetMap', key), '==', true);

/** The approved creatives a spec counts: one equality per part (an `or` for several values), the search piece. */
export function facetCountQuery(ctx: FirebaseContext, spec: CountSpec): Query<DocumentData> {
  const filters: QueryFilterConstraint[] = [where('status', '==', 'approved')];
  if (spec.searchKey) filters.push(where('searchKeys', 'array-contains', spec.searchKey));
  for (const keys of spec.anyOf) filters.push(keys.length === 1 ? carries(keys[0]!) : or(...keys.map(carries)));
  return query(collection(ctx.db, 'creatives'), and(...filters));
}

export function firebaseFacetCounts(ctx: FirebaseContext): Gateway['creatives']['facets'] {
  const cache = new Map<string, { at: number; count: Promise<number> }>();

  function countOf(spec: CountSpec): Promise<number> {
    const key = specKey(spec);
    const now = Date.now();
    const kept = cache.get(key);
    if (kept && now - kept.at < FACET_COUNT_TTL_MS) return kept.count;
    const entry = { at: now, count: countQuery(ctx.reads, facetCountQuery(ctx, spec)) };
    // A failed count is not kept: the next opening asks again.
    entry.count.catch(() => cache.get(key) === entry && cache.delete(key));
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > FACET_COUNT_CACHE_MAX) cache.delete(cache.keys().next().value!);
    return entry.count;
  }

  return async (view) => {
    const plan = facetCountPlan(galleryFiltersOf(view), view.q?.trim() ?? '');
    if (!plan) throw new GatewayError('VALIDATION', MSG.facetCountsUnavailable, 400);
    const distinct = new Map<string, CountSpec>();
    for (const { spec } of plan) distinct.set(specKey(spec), spec);
    const counted = new Map<string, number>();
    await guard(ctx, async () => {
      for (const batch of chunks([...distinct], PARALLEL)) {
        const counts = await Promise.all(batch.map(([, spec]) => countOf(spec)));
        batch.forEach(([key], i) => counted.set(key, counts[i]!));
      }
    });
    const result: FacetCounts = {
      total: 0,
      categories: Object.fromEntries(CATEGORY_KEYS.map((key) => [key, {}])) as FacetCounts['categories'],
      media: Object.fromEntries(MEDIA_FILTER_KEYS.map((key) => [key, {}])) as FacetCounts['media'],
      junto: 0,
      tested: 0,
    };
    for (const { slot, spec } of plan) {
      const count = counted.get(specKey(spec))!;
      if (slot.kind !== 'value') result[slot.kind] = count;
      else if (isMediaGroup(slot.group)) result.media[slot.group][slot.value] = count;
      else result.categories[slot.group][slot.value] = count;
    }
    return result;
  };
}
