import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function highlightsQueryOptions(gateway: Gateway) {
  return queryOptions({
    queryKey: [CREATIVES_KEY, 'highlights'],
    queryFn: () => gateway.creatives.highlights(),
  });
}

export function useHighlights() {
  return useQuery(highlightsQueryOptions(useGateway()));
}
