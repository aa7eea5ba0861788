import { Hono } from 'hono';
import { MSG } from '@domain/messages';
import { roleInput, userListQuery } from '@domain/schemas/users';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { sharedOnceAllowed } from '@server/http/response-cache';
import { idParam } from '@server/http/route-params';
import { jsonInput, queryInput } from '@server/http/validate';
import { deleteUser, listUsers, setRole } from '@server/services/users.service';

/** User administration (admin only). */
export function usersRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requirePermission('user:manage'))
    .get('/', sharedOnceAllowed(deps), queryInput(userListQuery), async (c) =>
      c.json(await deps.expensiveQueries.run(() => listUsers(db, c.req.valid('query')))),
    )
    .patch('/:id/role', jsonInput(roleInput), async (c) =>
      c.json(await setRole(db, currentUser(c), idParam(c, 'id', MSG.userNotFound), c.req.valid('json').role)),
    )
    .delete('/:id', async (c) => {
      await deleteUser(db, currentUser(c), idParam(c, 'id', MSG.userNotFound));
      return c.json({ ok: true });
    });
}
