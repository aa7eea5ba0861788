import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { patchCreativeEverywhere } from '@/lib/creative-cache';
import { commentsKey } from './get-comments';

export function useDeleteComment(creativeId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => gateway.comments.remove(commentId),
    onSuccess: (_v, commentId) => {
      queryClient.setQueryData<Comment[]>(commentsKey(creativeId), (list) => list?.filter((c) => c.id !== commentId));
      patchCreativeEverywhere(queryClient, creativeId, (c) => ({ ...c, commentCount: Math.max(0, c.commentCount - 1) }));
    },
  });
}
