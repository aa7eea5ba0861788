import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const sharedFolderKey = (token: string) => ['shares', token] as const;

export function sharedFolderQueryOptions(gateway: Gateway, token: string) {
  return infiniteQueryOptions({
    queryKey: sharedFolderKey(token),
    queryFn: ({ pageParam }) => gateway.shares.folder(token, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // One opening of the page is one view: no refetch behind the visitor's back.
    staleTime: Infinity,
    retry: false,
    // Nor on mount: the refusal a server-rendered page shows (password, invalid link) stays its answer.
    retryOnMount: false,
  });
}

/** The shared folder, page by page: its name, the link's options and its approved creatives. */
export function useSharedFolder(token: string) {
  return useInfiniteQuery(sharedFolderQueryOptions(useGateway(), token));
}
