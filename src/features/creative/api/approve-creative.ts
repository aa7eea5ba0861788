import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { CREATIVES_KEY } from '@/lib/creative-cache';
import { creativeQueryOptions } from './get-creative';

/**
 * 'Approuver' on the detail page of a pending or rejected creative: the approved creative replaces
 * the cached detail at once (the page stays on it), then every creatives list refetches.
 * (The validation page's twin, which drops the card from its tab instead, is `useApproveInReviewList`.)
 */
export function useApproveOnDetailPage() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.review.approve(id),
    onSuccess: (creative) => {
      queryClient.setQueryData(creativeQueryOptions(gateway, creative.id).queryKey, creative);
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] });
    },
  });
}
