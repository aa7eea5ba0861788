import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const folderSharesKey = (folderId: string) => ['folders', folderId, 'shares'] as const;

export function folderSharesQueryOptions(gateway: Gateway, folderId: string) {
  return queryOptions({
    queryKey: folderSharesKey(folderId),
    queryFn: () => gateway.shares.list(folderId),
    // Views change behind the owner's back: read afresh each time the dialog opens.
    staleTime: 0,
  });
}

/** The folder's share links, oldest first, with their views (the owner's dialog). */
export function useFolderShares(folderId: string, enabled = true) {
  return useQuery({ ...folderSharesQueryOptions(useGateway(), folderId), enabled });
}
