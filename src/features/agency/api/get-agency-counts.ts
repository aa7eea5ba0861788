import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function agencyCountsQueryOptions(gateway: Gateway) {
  return queryOptions({ queryKey: [CREATIVES_KEY, 'agency', 'counts'], queryFn: () => gateway.agency.counts() });
}

export function useAgencyCounts() {
  return useQuery(agencyCountsQueryOptions(useGateway()));
}
