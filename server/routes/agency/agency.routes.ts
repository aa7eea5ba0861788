import { Hono } from 'hono';
import { reviewStatusInput } from '@domain/schemas/creative';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { queryInput } from '@server/http/validate';
import { countByStatus, listByStatus } from '@server/services/creatives/review.service';

/** 'Mes créas': an agency's own pending and rejected creatives. */
export function agencyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requirePermission('creative:own-submissions'))
    .get('/creatives', queryInput(reviewStatusInput), async (c) => {
      const { status } = c.req.valid('query');
      const viewer = currentUser(c);
      return c.json(await listByStatus(deps.db, viewer, status, viewer.id));
    })
    .get('/counts', async (c) => c.json(await countByStatus(deps.db, currentUser(c).id)));
}
