import { Hono } from 'hono';
import { currentUser, requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { deleteComment, setCommentLike } from '../../services/comments.service';

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
