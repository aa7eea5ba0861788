import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

/** Under CREATIVES_KEY: a like or an edit elsewhere patches these cards too (lib/creative-cache.ts). */
export function similarCreativesQueryOptions(gateway: Gateway, id: string) {
  return queryOptions({
    queryKey: [CREATIVES_KEY, 'similar', id],
    queryFn: () => gateway.creatives.similar(id),
  });
}

/** The detail page asks for them once the creative itself is shown, so they never delay it. */
export function useSimilarCreatives(id: string) {
  return useQuery(similarCreativesQueryOptions(useGateway(), id));
}
