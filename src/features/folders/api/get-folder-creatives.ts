import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

/** Every folder's creatives (to refresh them all). */
export const allFolderCreativesKey = [CREATIVES_KEY, 'folder'] as const;

/** Under the creatives prefix so likes patch these lists too (lib/creative-cache.ts). */
export const folderCreativesKey = (folderId: string, q?: string) =>
  q === undefined ? ([CREATIVES_KEY, 'folder', folderId] as const) : ([CREATIVES_KEY, 'folder', folderId, q] as const);

export function folderCreativesQueryOptions(gateway: Gateway, folderId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: folderCreativesKey(folderId, q),
    queryFn: ({ pageParam }) => gateway.folders.creatives(folderId, { q: q || undefined, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The folder's approved creatives page by page, most recently added first, filtered by the top-bar search. */
export function useFolderCreatives(folderId: string, q: string) {
  return useInfiniteQuery(folderCreativesQueryOptions(useGateway(), folderId, q));
}
