import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { settleReview } from './settle-review';

/**
 * 'Approuver' on a validation card: the card leaves its tab at once, then lists, counts and the
 * gallery refetch (`settleReview`). The detail page's twin is `useApproveOnDetailPage`.
 */
export function useApproveInReviewList() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.review.approve(id),
    onSuccess: (_creative, id) => settleReview(queryClient, id),
  });
}
