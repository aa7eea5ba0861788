import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../../gateway/context';
import { CREATIVES_KEY, patchCreativeEverywhere } from '../../../lib/creative-cache';
import { creativeQueryOptions } from './get-creative';

/** Deletes a creative (and its comments, server side) and drops it from every cached list. */
export function useDeleteCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.creatives.remove(id),
    onSuccess: (_v, id) => {
      const detailKey = creativeQueryOptions(gateway, id).queryKey;
      patchCreativeEverywhere(queryClient, id, () => null, (key) => key[1] !== 'detail');
      queryClient.removeQueries({ queryKey: detailKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] });
    },
  });
}
