import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { patchCreativeEverywhere } from '@/lib/creative-cache';
import { commentsKey } from './get-comments';

export function useAddComment(creativeId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => gateway.comments.add(creativeId, text),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentsKey(creativeId), (list) => [comment, ...(list ?? [])]);
      patchCreativeEverywhere(queryClient, creativeId, (c) => ({ ...c, commentCount: c.commentCount + 1 }));
    },
  });
}
