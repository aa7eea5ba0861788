import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../../gateway/context';
import { CREATIVES_KEY } from '../../../lib/creative-cache';
import { creativeQueryOptions } from './get-creative';

/** 'Approuver' from the detail page of a pending or rejected creative. */
export function useApproveCreative() {
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
