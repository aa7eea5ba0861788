import { Hono } from 'hono';
import { MSG } from '@domain/messages';
import { roleInput, userListQuery } from '@domain/schemas/users';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { idParam } from '@server/http/route-params';
import { route } from '@server/http/route-policy';
import { jsonInput, queryInput } from '@server/http/validate';
import { deleteUser, listUsers, setRole } from '@server/services/users.service';

/** User administration (admin only). */
export function usersRoutes(deps: Deps) {
  const { db } = deps;
  const staff = route(deps, { permission: 'user:manage', budget: 'staff', invalidates: 'shared views', forgetsSessions: true });
  return new Hono<AppEnv>()
    .get('/', route(deps, { permission: 'user:manage', cache: 'allowed' }), queryInput(userListQuery), async (c) =>
      c.json(await deps.limits.expensiveQueries.run(() => listUsers(db, c.req.valid('query')))),
    )
    .patch('/:id/role', staff, jsonInput(roleInput), async (c) =>
      c.json(await setRole(db, currentUser(c), idParam(c, 'id', MSG.userNotFound), c.req.valid('json').role)),
    )
    .delete('/:id', staff, async (c) => {
      await deleteUser(db, currentUser(c), idParam(c, 'id', MSG.userNotFound));
      return c.json({ ok: true });
    });
}
