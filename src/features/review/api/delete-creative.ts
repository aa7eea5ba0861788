import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { settleReview } from './settle-review';

/**
 * Delete from a validation card: the card leaves its tab at once, then lists, counts and the
 * gallery refetch (`settleReview`). The detail page's twin is `useDeleteOnDetailPage`.
 */
export function useDeleteInReviewList() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.creatives.remove(id),
    onSuccess: (_v, id) => settleReview(queryClient, id),
  });
}
