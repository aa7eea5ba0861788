import { Hono } from 'hono';
import { adminCreativeInput } from '../../../domain/schemas/creative';
import { currentUser, requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { readJson } from '../../http/validate';
import { adminCreateCreative } from '../../services/creatives/submission.service';

/** /admin/submit: the simple admin form. */
export function adminCreativesRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/', requirePermission('creative:admin-form'), async (c) =>
    c.json(await adminCreateCreative(deps, currentUser(c), await readJson(c, adminCreativeInput)), 201),
  );
}
