import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { sharedFolderKey } from './get-shared-folder';

/** One creative of the shared folder (404 unless it is in it and approved). */
export function useSharedCreative(token: string, creativeId: string) {
  const gateway = useGateway();
  return useQuery(
    queryOptions({
      queryKey: [...sharedFolderKey(token), 'creative', creativeId] as const,
      queryFn: () => gateway.shares.creative(token, creativeId),
      retry: false,
    }),
  );
}
