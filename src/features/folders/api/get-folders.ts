import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

/** Every folder query (the list and each folder's creatives) starts with this key. */
export const FOLDERS_KEY = 'folders';
export const foldersKey = [FOLDERS_KEY] as const;

export function foldersQueryOptions(gateway: Gateway) {
  return queryOptions({ queryKey: foldersKey, queryFn: () => gateway.folders.list() });
}

/** The signed-in user's folders, oldest first. */
export function useFolders() {
  return useQuery(foldersQueryOptions(useGateway()));
}
