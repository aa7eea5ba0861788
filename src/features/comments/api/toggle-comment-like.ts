import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { logWriteFailure } from '@/lib/errors';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { commentsKey } from './get-comments';

/** Optimistic like / unlike of a comment; errors are only logged (spec §8), except a refusal for liking too often. */
export function useToggleCommentLike(creativeId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const key = commentsKey(creativeId);
  const patch = (id: string, fn: (c: Comment) => Comment) =>
    queryClient.setQueryData<PagedData<Comment>>(key, (data) => mapLoaded(data, (items) => items.map((c) => (c.id === id ? fn(c) : c))));
  return useMutation({
    mutationFn: ({ comment, like }: { comment: Comment; like: boolean }) =>
      like ? gateway.comments.like(comment.id) : gateway.comments.unlike(comment.id),
    onMutate: async ({ comment, like }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PagedData<Comment>>(key);
      patch(comment.id, (c) => ({ ...c, likedByMe: like, likes: Math.max(0, c.likes + (like === c.likedByMe ? 0 : like ? 1 : -1)) }));
      return { previous };
    },
    onError: (error, _vars, context) => {
      logWriteFailure('[comment like] failed', error);
      queryClient.setQueryData(key, context?.previous);
    },
    onSuccess: (state, { comment }) => patch(comment.id, (c) => ({ ...c, likes: state.likes, likedByMe: state.liked })),
  });
}
