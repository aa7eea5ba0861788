import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function reviewCountsQueryOptions(gateway: Gateway) {
  return queryOptions({ queryKey: [CREATIVES_KEY, 'review', 'counts'], queryFn: () => gateway.review.counts() });
}

export function useReviewCounts() {
  return useQuery(reviewCountsQueryOptions(useGateway()));
}
