import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../../gateway/context';
import { settleReview } from './settle-review';

export function useDeleteCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.creatives.remove(id),
    onSuccess: (_v, id) => settleReview(queryClient, id),
  });
}
