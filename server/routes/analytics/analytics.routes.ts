import { Hono } from 'hono';
import { analyticsQuery } from '@domain/schemas/analytics';
import { requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { queryInput } from '@server/http/validate';
import { getAnalytics } from '@server/services/analytics.service';

export function analyticsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', requirePermission('analytics:read'), queryInput(analyticsQuery), async (c) =>
    c.json(await getAnalytics(deps.db, c.req.valid('query').period)),
  );
}
