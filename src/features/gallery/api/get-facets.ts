import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway, GalleryQuery } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function facetsQueryOptions(gateway: Gateway, query: GalleryQuery) {
  const { sort: _sort, cursor: _cursor, ...view } = query;
  return queryOptions({
    queryKey: [CREATIVES_KEY, 'facets', view],
    queryFn: () => gateway.creatives.facets(view),
  });
}

/**
 * The facet counts of a view while the filter dialog is open, on a backend that counts; the previous
 * counts stay while the next ones load, so the chips do not flicker as the user toggles.
 */
export function useFacets(query: GalleryQuery) {
  const gateway = useGateway();
  return useQuery({ ...facetsQueryOptions(gateway, query), enabled: gateway.features.facetCounts, placeholderData: keepPreviousData });
}
