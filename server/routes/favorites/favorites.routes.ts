import { Hono } from 'hono';
import { favoritesQueryInput } from '@domain/schemas/gallery';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { route } from '@server/http/route-policy';
import { queryInput } from '@server/http/validate';
import { listFavorites } from '@server/services/creatives/gallery.service';

export function favoritesRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    '/',
    route(deps, { permission: 'favorites:read', cache: 'viewer' }),
    queryInput(favoritesQueryInput),
    async (c) => c.json(await listFavorites(deps.db, currentUser(c), c.req.valid('query'))),
  );
}
