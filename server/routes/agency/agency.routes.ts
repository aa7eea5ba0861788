import { Hono } from 'hono';
import { reviewListQuery } from '@domain/schemas/creative';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { route } from '@server/http/route-policy';
import { queryInput } from '@server/http/validate';
import { countByStatus, listByStatus } from '@server/services/creatives/review.service';

/** 'Mes créas': an agency's own pending and rejected creatives. */
export function agencyRoutes(deps: Deps) {
  const ownSubmissions = route(deps, { permission: 'creative:own-submissions' });
  return new Hono<AppEnv>()
    .get('/creatives', ownSubmissions, queryInput(reviewListQuery), async (c) => {
      const { status, cursor } = c.req.valid('query');
      return c.json(await listByStatus(deps.db, { status, submittedBy: currentUser(c).id, cursor }));
    })
    .get('/counts', ownSubmissions, async (c) => c.json(await countByStatus(deps.db, currentUser(c).id)));
}
