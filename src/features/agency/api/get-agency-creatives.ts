import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export type AgencyStatus = 'pending' | 'rejected';

/** The agency's own pending or rejected creatives; under CREATIVES_KEY so a new submission refreshes them. */
export function agencyCreativesQueryOptions(gateway: Gateway, status: AgencyStatus) {
  return queryOptions({ queryKey: [CREATIVES_KEY, 'agency', 'list', status], queryFn: () => gateway.agency.list(status) });
}

export function useAgencyCreatives(status: AgencyStatus) {
  return useQuery(agencyCreativesQueryOptions(useGateway(), status));
}
