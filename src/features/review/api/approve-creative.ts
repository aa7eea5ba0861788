import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../../gateway/context';
import { settleReview } from './settle-review';

export function useApproveCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.review.approve(id),
    onSuccess: (_creative, id) => settleReview(queryClient, id),
  });
}
