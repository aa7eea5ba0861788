import { countFacets } from '@domain/facets';
import { filtersOf, type FacetsQueryInput } from '@domain/schemas/gallery';
import type { FacetCounts } from '@domain/types';
import type { Catalogue } from '@server/catalogue/catalogue';
import { engineMatch, viewFacetCounts } from '@server/catalogue/catalogue-views';
import type { Db } from '@server/db/client';
import { unguarded, type SqlGuard } from '@server/db/load-shedding';
import { readCells } from './facet-cells';
import { firstMatching, engineQuery } from './search';

/**
 * The facet counts of a gallery view, by the catalogue engine (server/catalogue/facet-bits.ts): over
 * the whole approved catalogue without a search; with one, over the creatives it matches (the search
 * mode the gallery would use: the first that finds something with the filters). A substring spanning
 * two words, which the engine does not answer, has its matches' cells grouped in SQL (within `guard`, a slot of
 * the expensive reads) and counted by domain/facets.ts.
 */
export async function facetCounts(
  db: Db,
  catalogue: Catalogue,
  withAnalysis: boolean,
  query: FacetsQueryInput,
  guard: SqlGuard = unguarded,
): Promise<FacetCounts> {
  const filters = filtersOf(query);
  if (!query.q) return viewFacetCounts((await engineMatch(catalogue, undefined))!, withAnalysis, filters);
  const hit = await firstMatching(
    db,
    query.q,
    withAnalysis,
    null,
    async (match) => {
      const found = await engineMatch(catalogue, engineQuery(match));
      if (found) return viewFacetCounts(found, withAnalysis, filters);
      return countFacets(await guard(() => db.transaction((tx) => readCells(tx, match.where), { accessMode: 'read only' })), filters);
    },
    (counts) => counts.total > 0,
  );
  return hit?.result ?? countFacets({ lo: [], hi: [], n: [] }, filters);
}
