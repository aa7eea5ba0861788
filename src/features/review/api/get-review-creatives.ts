import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export type ReviewStatus = 'pending' | 'rejected';

/** Under CREATIVES_KEY, so every creative change (submit, edit, delete, like) refreshes the lists. */
export const reviewListKey = (status: ReviewStatus) => [CREATIVES_KEY, 'review', 'list', status] as const;

export function reviewCreativesQueryOptions(gateway: Gateway, status: ReviewStatus) {
  return queryOptions({ queryKey: reviewListKey(status), queryFn: () => gateway.review.list(status) });
}

export function useReviewCreatives(status: ReviewStatus) {
  return useQuery(reviewCreativesQueryOptions(useGateway(), status));
}
