import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function creativeQueryOptions(gateway: Gateway, id: string) {
  return queryOptions({
    queryKey: [CREATIVES_KEY, 'detail', id],
    queryFn: () => gateway.creatives.get(id),
  });
}

export function useCreative(id: string) {
  return useQuery(creativeQueryOptions(useGateway(), id));
}
