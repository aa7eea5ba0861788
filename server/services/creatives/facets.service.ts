import { countFacets } from '@domain/facets';
import { filtersOf, type FacetsQueryInput } from '@domain/schemas/gallery';
import type { FacetCounts } from '@domain/types';
import type { Db } from '@server/db/client';
import { readCells, type FacetIndex } from './facet-index';
import { firstMatching } from './search';

/**
 * The facet counts of a gallery view: without a search, over the in-memory cells of the whole approved
 * catalogue; with one, over the cells of the creatives it matches (the search mode the gallery would
 * use: the first that finds something with the filters), kept per catalogue version so that toggling
 * filters in the dialog reads them once. Counted by domain/facets.ts.
 */
export async function facetCounts(db: Db, index: FacetIndex, withAnalysis: boolean, query: FacetsQueryInput): Promise<FacetCounts> {
  const filters = filtersOf(query);
  if (!query.q) return countFacets(await index.cells(), filters);
  const hit = await firstMatching(
    db,
    query.q,
    withAnalysis,
    null,
    async (match) => {
      const key = `${withAnalysis ? 'members' : 'visitors'} ${match.mode} ${match.searchedFor ?? query.q}`;
      return countFacets(
        await index.searchCells(key, () => db.transaction((tx) => readCells(tx, match.where), { accessMode: 'read only' })),
        filters,
      );
    },
    (counts) => counts.total > 0,
  );
  return hit?.result ?? countFacets({ lo: [], hi: [], n: [] }, filters);
}
