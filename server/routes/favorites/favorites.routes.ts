import { Hono } from 'hono';
import { favoritesQueryInput } from '@domain/schemas/gallery';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { privateToViewer } from '@server/http/response-cache';
import { queryInput } from '@server/http/validate';
import { listFavorites } from '@server/services/creatives/gallery.service';

export function favoritesRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    '/',
    requirePermission('favorites:read'),
    privateToViewer(deps),
    queryInput(favoritesQueryInput),
    async (c) => c.json(await listFavorites(deps.db, currentUser(c), c.req.valid('query'))),
  );
}
