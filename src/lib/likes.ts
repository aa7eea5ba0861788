import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Creative } from '@domain/types';
import { useGateway } from '../gateway/context';
import { CREATIVES_KEY, patchCreativeEverywhere, snapshotCreatives } from './creative-cache';
import { logWriteFailure } from './errors';

/**
 * Like / unlike a creative: every cached copy updates at once (optimistic) and is rolled back if
 * the backend refuses. Like errors are only logged (spec §8), except a refusal for liking too often.
 */
export function useToggleLike() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creative, like }: { creative: Creative; like: boolean }) =>
      like ? gateway.creatives.like(creative.id) : gateway.creatives.unlike(creative.id),
    onMutate: async ({ creative, like }) => {
      await queryClient.cancelQueries({ queryKey: [CREATIVES_KEY] });
      const rollback = snapshotCreatives(queryClient);
      patchCreativeEverywhere(queryClient, creative.id, (c) => ({
        ...c,
        likedByMe: like,
        likes: Math.max(0, c.likes + (like === c.likedByMe ? 0 : like ? 1 : -1)),
      }));
      if (!like)
        patchCreativeEverywhere(
          queryClient,
          creative.id,
          () => null,
          (key) => key[1] === 'favorites',
        );
      return { rollback };
    },
    onError: (error, _vars, context) => {
      logWriteFailure('[like] failed', error);
      context?.rollback();
    },
    onSuccess: (state, { creative }) => {
      patchCreativeEverywhere(queryClient, creative.id, (c) => ({ ...c, likes: state.likes, likedByMe: state.liked }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY, 'highlights'] });
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY, 'favorites'] });
    },
  });
}
