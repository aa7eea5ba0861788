import { Hono } from 'hono';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { idParam } from '@server/http/route-params';
import { route } from '@server/http/route-policy';
import { deleteComment, setCommentLike } from '@server/services/comments.service';

export function commentsRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .post('/:id/like', route(deps, { permission: 'comment:like', budget: 'like', invalidates: 'shared views' }), async (c) =>
      c.json(await setCommentLike(deps, currentUser(c), idParam(c, 'id'), true)),
    )
    .delete('/:id/like', route(deps, { permission: 'comment:like', budget: 'like', invalidates: 'shared views' }), async (c) =>
      c.json(await setCommentLike(deps, currentUser(c), idParam(c, 'id'), false)),
    )
    .delete('/:id', route(deps, { permission: 'comment:delete', budget: 'staff', invalidates: 'shared views' }), async (c) => {
      await deleteComment(db, idParam(c, 'id'));
      return c.json({ ok: true });
    });
}
