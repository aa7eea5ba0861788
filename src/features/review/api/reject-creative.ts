import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { settleReview } from './settle-review';

export function useRejectCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => gateway.review.reject(id, reason),
    onSuccess: (_creative, { id }) => settleReview(queryClient, id),
  });
}
