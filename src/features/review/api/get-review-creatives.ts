import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export type ReviewStatus = 'pending' | 'rejected';

/** Under CREATIVES_KEY, so every creative change (submit, edit, delete, like) refreshes the lists. */
export const reviewListKey = (status: ReviewStatus) => [CREATIVES_KEY, 'review', 'list', status] as const;

/** The queue page by page, newest first ('Charger plus' asks for the next one). */
export function reviewCreativesQueryOptions(gateway: Gateway, status: ReviewStatus) {
  return infiniteQueryOptions({
    queryKey: reviewListKey(status),
    queryFn: ({ pageParam }) => gateway.review.list(status, { cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useReviewCreatives(status: ReviewStatus) {
  return useInfiniteQuery(reviewCreativesQueryOptions(useGateway(), status));
}
