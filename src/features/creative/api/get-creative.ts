import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function creativeQueryOptions(gateway: Gateway, id: string) {
  return queryOptions({
    queryKey: [CREATIVES_KEY, 'detail', id],
    queryFn: () => gateway.creatives.get(id),
    // A refusal (not found) already answered — the one a server-rendered page shows — is not asked again on mount.
    retryOnMount: false,
  });
}

export function useCreative(id: string) {
  return useQuery(creativeQueryOptions(useGateway(), id));
}

/** Loads these creatives ahead (the previous and next of a list), so stepping to them shows at once. */
export function usePrefetchCreatives(ids: readonly (string | null | undefined)[]) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const key = ids.filter(Boolean).join(' ');
  useEffect(() => {
    for (const id of key.split(' ').filter(Boolean)) void queryClient.prefetchQuery(creativeQueryOptions(gateway, id));
  }, [gateway, queryClient, key]);
}
