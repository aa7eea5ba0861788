import type { QueryClient } from '@tanstack/react-query';
import { CREATIVES_KEY, patchCreativeEverywhere } from '@/lib/creative-cache';

/** After approve / reject / delete: the card leaves its tab at once, then lists, counts and the gallery refetch. */
export function settleReview(queryClient: QueryClient, id: string): void {
  patchCreativeEverywhere(
    queryClient,
    id,
    () => null,
    (key) => key[1] === 'review' && key[2] === 'list',
  );
  void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] });
}
