import { z } from 'zod';
import { COMMENT_MAX } from '../limits';
import { MSG } from '../messages';
import { textField } from './fields';

export const commentInput = z.object({
  text: textField(MSG.commentRequired).trim().min(1, MSG.commentRequired).max(COMMENT_MAX, MSG.commentMax),
});
export type CommentInput = z.input<typeof commentInput>;
