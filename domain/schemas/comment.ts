import { z } from 'zod';
import { COMMENT_MAX } from '../limits';
import { MSG } from '../messages';

export const commentInput = z.object({
  text: z.string({ error: MSG.commentRequired }).trim().min(1, MSG.commentRequired).max(COMMENT_MAX, MSG.commentMax),
});
export type CommentInput = z.input<typeof commentInput>;
