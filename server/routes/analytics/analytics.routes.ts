import { Hono } from 'hono';
import { analyticsQuery } from '../../../domain/schemas/analytics';
import { requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { readQuery } from '../../http/validate';
import { getAnalytics } from '../../services/analytics.service';

export function analyticsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', requirePermission('analytics:read'), async (c) =>
    c.json(await getAnalytics(deps.db, readQuery(c, analyticsQuery).period)),
  );
}
