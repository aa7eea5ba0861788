import { Hono } from 'hono';
import { reviewStatusInput } from '../../../domain/schemas/creative';
import { currentUser, requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { readQuery } from '../../http/validate';
import { countByStatus, listByStatus } from '../../services/creatives/review.service';

/** 'Mes créas': an agency's own pending and rejected creatives. */
export function agencyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requirePermission('creative:own-submissions'))
    .get('/creatives', async (c) => {
      const { status } = readQuery(c, reviewStatusInput);
      const viewer = currentUser(c);
      return c.json(await listByStatus(deps.db, viewer, status, viewer.id));
    })
    .get('/counts', async (c) => c.json(await countByStatus(deps.db, currentUser(c).id)));
}
