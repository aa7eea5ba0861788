import { Hono } from 'hono';
import { analyticsQuery } from '@domain/schemas/analytics';
import type { AppEnv, Deps } from '@server/http/context';
import { route } from '@server/http/route-policy';
import { queryInput } from '@server/http/validate';
import { getAnalytics } from '@server/services/analytics.service';

/**
 * The analytics of a period: the same for every specialist and admin, so once the permission is
 * checked the answer is shared through the response cache (emptied by every write that changes
 * a shared view; its 30 s TTL bounds a 'today' read just before midnight).
 */
export function analyticsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    '/',
    route(deps, { permission: 'analytics:read', cache: 'allowed' }),
    queryInput(analyticsQuery),
    async (c) => c.json(await deps.limits.expensiveQueries.run(() => getAnalytics(deps.db, c.req.valid('query').period))),
  );
}
