import { Hono } from 'hono';
import type { AppEnv, Deps } from '@server/http/context';
import { contentTypeOf, serveFile } from '@server/media/serve-file';

/** Stored media under /media/creatives/… (originals, card derivatives, posters, responsive variants). */
export function mediaRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/creatives/:file', async (c) => {
    const name = `creatives/${c.req.param('file')}`;
    const contentType = contentTypeOf(name);
    if (!contentType || !(await deps.media.exists(name))) return c.notFound();
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    return serveFile(c, deps.media.pathOf(name), contentType);
  });
}
