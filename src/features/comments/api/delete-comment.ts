import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { patchCreativeEverywhere } from '@/lib/creative-cache';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { commentsKey } from './get-comments';

/** Deletes a comment (admins): it leaves the list at once, the count follows, then the loaded pages refetch. */
export function useDeleteComment(creativeId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => gateway.comments.remove(commentId),
    onSuccess: (_v, commentId) => {
      queryClient.setQueryData<PagedData<Comment>>(commentsKey(creativeId), (data) =>
        mapLoaded(data, (items) => items.filter((c) => c.id !== commentId)),
      );
      patchCreativeEverywhere(queryClient, creativeId, (c) => ({ ...c, commentCount: Math.max(0, c.commentCount - 1) }));
      void queryClient.invalidateQueries({ queryKey: commentsKey(creativeId) });
    },
  });
}
