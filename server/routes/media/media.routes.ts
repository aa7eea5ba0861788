import { Hono, type Context } from 'hono';
import { canViewCreative } from '@domain/creative-access';
import { userOfRequest } from '@server/auth/session';
import type { SessionCache } from '@server/auth/session-cache';
import type { AppEnv, Deps } from '@server/http/context';
import { contentTypeOf, serveFile } from '@server/media/serve-file';
import { mediaAudience } from '@server/services/media-access';

/**
 * Stored media under /media/creatives/… (originals, card derivatives, posters, responsive variants).
 * The files of an approved creative are public and cached for good (approval is final: a creative
 * is never unpublished, only deleted, and its files with it), without a session lookup. Those of a
 * pending or rejected one go only to who may open the creative (domain/creative-access.ts: staff and
 * the submitting agency), uncached; anyone else gets the same 404 as for a file that does not exist.
 */
export function mediaRoutes(deps: Deps, sessions: SessionCache) {
  return new Hono<AppEnv>().get('/creatives/:file', async (c) => {
    const name = `creatives/${c.req.param('file')}`;
    const contentType = contentTypeOf(name);
    const audience = contentType ? await mediaAudience(deps.db, name) : [];
    if (!contentType || audience.length === 0) return hidden(c);
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (audience.some((creative) => creative.status === 'approved')) {
      return serveFile(c, deps.media.store, name, contentType);
    }
    const viewer = await userOfRequest(deps, sessions, c.req.header('cookie'));
    if (!audience.some((creative) => canViewCreative(creative, viewer))) return hidden(c);
    return serveFile(c, deps.media.store, name, contentType, { restricted: true });
  });
}

/** 404, never stored: the same address answers once the creative is approved. */
function hidden(c: Context<AppEnv>) {
  c.header('Cache-Control', 'private, no-store');
  return c.notFound();
}
