import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export type AgencyStatus = 'pending' | 'rejected';

/**
 * The agency's own pending or rejected creatives, page by page, newest first; under CREATIVES_KEY
 * so a new submission refreshes them.
 */
export function agencyCreativesQueryOptions(gateway: Gateway, status: AgencyStatus) {
  return infiniteQueryOptions({
    queryKey: [CREATIVES_KEY, 'agency', 'list', status],
    queryFn: ({ pageParam }) => gateway.agency.list(status, { cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAgencyCreatives(status: AgencyStatus) {
  return useInfiniteQuery(agencyCreativesQueryOptions(useGateway(), status));
}
