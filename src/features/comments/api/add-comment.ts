import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { patchCreativeEverywhere } from '@/lib/creative-cache';
import { prependLoaded, type PagedData } from '@/lib/pages';
import { commentsKey } from './get-comments';

/** Adds a comment: it comes first at once, the creative's count follows, then the loaded pages refetch. */
export function useAddComment(creativeId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => gateway.comments.add(creativeId, text),
    onSuccess: (comment) => {
      queryClient.setQueryData<PagedData<Comment>>(commentsKey(creativeId), (data) => prependLoaded(data, comment));
      patchCreativeEverywhere(queryClient, creativeId, (c) => ({ ...c, commentCount: c.commentCount + 1 }));
      void queryClient.invalidateQueries({ queryKey: commentsKey(creativeId) });
    },
  });
}
