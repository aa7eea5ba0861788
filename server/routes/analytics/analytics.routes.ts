import { Hono } from 'hono';
import { analyticsQuery } from '../../../domain/schemas/analytics';
import { requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { queryInput } from '../../http/validate';
import { getAnalytics } from '../../services/analytics.service';

export function analyticsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', requirePermission('analytics:read'), queryInput(analyticsQuery), async (c) =>
    c.json(await getAnalytics(deps.db, c.req.valid('query').period)),
  );
}
