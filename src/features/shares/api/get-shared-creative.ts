import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { sharedFolderKey } from './get-shared-folder';

export function sharedCreativeQueryOptions(gateway: Gateway, token: string, creativeId: string) {
  return queryOptions({
    queryKey: [...sharedFolderKey(token), 'creative', creativeId] as const,
    queryFn: () => gateway.shares.creative(token, creativeId),
    retry: false,
    retryOnMount: false,
  });
}

/** One creative of the shared folder (404 unless it is in it and approved). */
export function useSharedCreative(token: string, creativeId: string) {
  return useQuery(sharedCreativeQueryOptions(useGateway(), token, creativeId));
}
