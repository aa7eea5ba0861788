import { Hono } from 'hono';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { deleteComment, setCommentLike } from '@server/services/comments.service';

export function commentsRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .post('/:id/like', requirePermission('comment:like'), async (c) =>
      c.json(await setCommentLike(db, currentUser(c), c.req.param('id'), true)),
    )
    .delete('/:id/like', requirePermission('comment:like'), async (c) =>
      c.json(await setCommentLike(db, currentUser(c), c.req.param('id'), false)),
    )
    .delete('/:id', requirePermission('comment:delete'), async (c) => {
      await deleteComment(db, c.req.param('id'));
      return c.json({ ok: true });
    });
}
