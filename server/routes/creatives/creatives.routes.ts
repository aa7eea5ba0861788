import { Hono } from 'hono';
import { galleryQueryInput } from '../../../domain/schemas/gallery';
import { downloadFileName } from '../../../domain/download';
import { commentInput } from '../../../domain/schemas/comment';
import { currentUser, requirePermission } from '../../auth/session';
import type { AppEnv, Deps } from '../../http/context';
import { readJson, readQuery } from '../../http/validate';
import { serveFile } from '../../media/serve-file';
import { addComment, listComments } from '../../services/comments.service';
import { getCreative, getDownload, setLike } from '../../services/creatives/creative.service';
import { getHighlights, listGallery } from '../../services/creatives/gallery.service';

/** Reading the gallery and one creative; likes, download and its comments. */
export function creativesRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listGallery(db, c.get('user'), readQuery(c, galleryQueryInput))))
    .get('/highlights', async (c) => c.json(await getHighlights(db, c.get('user'))))
    .get('/:id', async (c) => c.json(await getCreative(db, c.get('user'), c.req.param('id'))))

    .post('/:id/like', requirePermission('creative:like'), async (c) =>
      c.json(await setLike(db, currentUser(c), c.req.param('id'), true)),
    )
    .delete('/:id/like', requirePermission('creative:like'), async (c) =>
      c.json(await setLike(db, currentUser(c), c.req.param('id'), false)),
    )

    .get('/:id/download', requirePermission('creative:download'), async (c) => {
      const file = await getDownload(db, currentUser(c), c.req.param('id'));
      return serveFile(c, deps.media.pathOf(file.mediaName), file.contentType, {
        downloadName: downloadFileName(file.name, file.contentType),
      });
    })

    .get('/:id/comments', async (c) => c.json(await listComments(db, c.get('user'), c.req.param('id'))))
    .post('/:id/comments', requirePermission('comment:create'), async (c) => {
      const { text } = await readJson(c, commentInput);
      return c.json(await addComment(db, currentUser(c), c.req.param('id'), text), 201);
    });
}
