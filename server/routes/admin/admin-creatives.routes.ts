import { Hono } from 'hono';
import { adminCreativeInput } from '@domain/schemas/creative';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { route } from '@server/http/route-policy';
import { jsonInput } from '@server/http/validate';
import { adminCreateCreative } from '@server/services/creatives/submission.service';

/** /admin/submit: the simple admin form. */
export function adminCreativesRoutes(deps: Deps) {
  return new Hono<AppEnv>().post(
    '/',
    route(deps, { permission: 'creative:admin-form', budget: 'submission', invalidates: 'shared views' }),
    jsonInput(adminCreativeInput),
    async (c) => c.json(await adminCreateCreative(deps, currentUser(c), c.req.valid('json')), 201),
  );
}
