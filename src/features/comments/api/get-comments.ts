import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const commentsKey = (creativeId: string) => ['comments', creativeId] as const;

/** A creative's comments page by page, newest first. */
export function commentsQueryOptions(gateway: Gateway, creativeId: string) {
  return infiniteQueryOptions({
    queryKey: commentsKey(creativeId),
    queryFn: ({ pageParam }) => gateway.comments.list(creativeId, { cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useComments(creativeId: string) {
  return useInfiniteQuery(commentsQueryOptions(useGateway(), creativeId));
}
