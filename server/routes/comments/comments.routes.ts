import { Hono } from 'hono';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { idParam } from '@server/http/route-params';
import { deleteComment, setCommentLike } from '@server/services/comments.service';

export function commentsRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .post('/:id/like', requirePermission('comment:like'), async (c) =>
      c.json(await setCommentLike(deps, currentUser(c), idParam(c, 'id'), true)),
    )
    .delete('/:id/like', requirePermission('comment:like'), async (c) =>
      c.json(await setCommentLike(deps, currentUser(c), idParam(c, 'id'), false)),
    )
    .delete('/:id', requirePermission('comment:delete'), async (c) => {
      await deleteComment(db, idParam(c, 'id'));
      return c.json({ ok: true });
    });
}
