import { Hono } from 'hono';
import { reviewListQuery } from '@domain/schemas/creative';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { queryInput } from '@server/http/validate';
import { countByStatus, listByStatus } from '@server/services/creatives/review.service';

/** 'Mes créas': an agency's own pending and rejected creatives. */
export function agencyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requirePermission('creative:own-submissions'))
    .get('/creatives', queryInput(reviewListQuery), async (c) => {
      const { status, cursor } = c.req.valid('query');
      return c.json(await listByStatus(deps.db, { status, submittedBy: currentUser(c).id, cursor }));
    })
    .get('/counts', async (c) => c.json(await countByStatus(deps.db, currentUser(c).id)));
}
