import { chosenIn, FILTER_GROUP_LISTS, FILTER_GROUPS, type FilterGroup, type GalleryFilters } from '@domain/gallery-filters';
import { ANY_OF_MAX } from './gallery-plan';
import { facetKey, FLAG_FACETS, searchKeyOf } from './index-keys';

/**
 * Which count aggregations give the filter dialog's counts of a view (docs/decisions/024), as
 * domain/facets.ts defines them: a value's count keeps the creatives passing the search and every
 * OTHER group's choices and the flags; a flag's, everything else; `total`, everything. Each count is
 * one query on the approved creatives: per part, an equality `facetMap.<key> == true` (index-keys.ts),
 * or an `or` of them for a group with several choices; and the search word's `searchKeys
 * array-contains`. The search is counted whole when it is one word of 2 to 10 characters once
 * normalised (its stored piece, as partIsWholeRequest in gallery-plan.ts); otherwise by the piece of
 * its longest word (searchKeyOf), or not at all when no word is long enough: never fewer than the
 * gallery shows. Pure.
 */
export interface CountSpec {
  /** Every part, as the facet keys of its values: a creative carries at least one key of each. */
  anyOf: string[][];
  /** The search word's stored piece, or null. */
  searchKey: string | null;
}

/** Where a count goes in FacetCounts. */
export type CountSlot = { kind: 'value'; group: FilterGroup; value: string } | { kind: 'junto' } | { kind: 'tested' } | { kind: 'total' };

export interface PlannedCount {
  slot: CountSlot;
  spec: CountSpec;
}

/** One name per distinct query (parts in any order): equal specs are counted once, and cached under it. */
export function specKey(spec: CountSpec): string {
  const parts = spec.anyOf.map((keys) => [...new Set(keys)].sort().join('\u0000')).sort();
  return JSON.stringify([spec.searchKey, [...new Set(parts)]]);
}

/** Disjunctions of a spec once Firestore expands it: the product of its parts' sizes. */
export const disjunctions = (spec: CountSpec): number => spec.anyOf.reduce((n, keys) => n * keys.length, 1);

/**
 * The counts a view needs: the values in the dialog's order, then the flags, then the total; null
 * when Firestore cannot ask the total (more than ANY_OF_MAX disjunctions once expanded). Every other
 * count drops a part of the total's or swaps it for one key, so it has no more disjunctions: when
 * the total can be asked, every count can.
 */
export function facetCountPlan(filters: GalleryFilters, term: string): PlannedCount[] | null {
  const searchKey = searchKeyOf(term);
  const chosen = new Map<FilterGroup, string[]>();
  for (const group of FILTER_GROUPS) {
    const keys = [...new Set(chosenIn(filters, group))].map((value) => facetKey(group, value));
    if (keys.length > 0) chosen.set(group, keys);
  }
  const flags = [
    ...(filters.isJuntoAngel ? [FLAG_FACETS.isJuntoAngel] : []),
    ...(filters.testedAndApproved ? [FLAG_FACETS.testedAndApproved] : []),
  ];
  /** The view's parts but the group `without`, with these flags (each a part of one key). */
  const parts = (without: FilterGroup | null, flagsKept: string[]) => [
    ...[...chosen].filter(([group]) => group !== without).map(([, keys]) => keys),
    ...flagsKept.map((flag) => [flag]),
  ];
  const total: CountSpec = { anyOf: parts(null, flags), searchKey };
  if (disjunctions(total) > ANY_OF_MAX) return null;
  const askable = (anyOf: string[][]): CountSpec => ({ anyOf, searchKey });
  const plan: PlannedCount[] = [];
  for (const group of FILTER_GROUPS) {
    const rest = parts(group, flags);
    for (const value of FILTER_GROUP_LISTS[group]) {
      plan.push({ slot: { kind: 'value', group, value }, spec: askable([[facetKey(group, value)], ...rest]) });
    }
  }
  for (const [kind, flag] of [
    ['junto', FLAG_FACETS.isJuntoAngel],
    ['tested', FLAG_FACETS.testedAndApproved],
  ] as const) {
    plan.push({
      slot: { kind },
      spec: askable([
        [flag],
        ...parts(
          null,
          flags.filter((f) => f !== flag),
        ),
      ]),
    });
  }
  plan.push({ slot: { kind: 'total' }, spec: total });
  return plan;
}
