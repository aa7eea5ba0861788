import { Hono } from 'hono';
import { reviewStatusInput } from '../../../domain/schemas/creative';
import { currentUser, requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { queryInput } from '../../http/validate';
import { countByStatus, listByStatus } from '../../services/creatives/review.service';

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
