import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { CREATIVES_KEY, patchCreativeEverywhere } from '@/lib/creative-cache';
import { creativeQueryOptions } from './get-creative';

/**
 * 'Supprimer' on the detail page: deletes the creative (and its comments, server side), drops it
 * from every cached list and removes its cached detail (the page leaves it).
 * (The validation page's twin, which only drops the card from its tab, is `useDeleteInReviewList`.)
 */
export function useDeleteOnDetailPage() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.creatives.remove(id),
    onSuccess: (_v, id) => {
      const detailKey = creativeQueryOptions(gateway, id).queryKey;
      patchCreativeEverywhere(
        queryClient,
        id,
        () => null,
        (key) => key[1] !== 'detail',
      );
      queryClient.removeQueries({ queryKey: detailKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] });
    },
  });
}
