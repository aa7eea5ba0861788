import { Hono, type Context } from 'hono';
import { favoritesQueryInput } from '@domain/schemas/gallery';
import { folderInput } from '@domain/schemas/folder';
import { noteInput, shareInput } from '@domain/schemas/share';
import { currentUser } from '@server/auth/session';
import { folderReadmeTitle } from '@domain/folder-zip';
import { MSG } from '@domain/messages';
import type { AppEnv, Deps } from '@server/http/context';
import { idParam } from '@server/http/route-params';
import { route } from '@server/http/route-policy';
import { zipAttachment } from '@server/http/delivery/zip-attachment';
import { streamCreativesZip } from '@server/services/creatives-zip';
import { jsonInput, queryInput } from '@server/http/validate';
import {
  addToFolder,
  createFolder,
  deleteFolder,
  folderZipContents,
  listFolderCreatives,
  listFolders,
  removeFromFolder,
  renameFolder,
  setFolderNote,
} from '@server/services/folders.service';
import { createShare, listShares, revokeShare } from '@server/services/shares/shares.service';

const folderId = (c: Context) => idParam(c, 'id', MSG.folderNotFound);
const entryId = (c: Context) => idParam(c, 'creativeId', MSG.creativeNotFound);

/** The signed-in user's own folders, their notes and share links; another user's folder answers 404. */
export function foldersRoutes(deps: Deps) {
  const { db } = deps;
  // Every route is the owner's; a write changes only the owner's own views.
  const read = route(deps, { permission: 'folder:manage' });
  const readCached = route(deps, { permission: 'folder:manage', cache: 'viewer' });
  const write = route(deps, { permission: 'folder:manage', budget: 'folder', invalidates: "author's views" });
  return (
    new Hono<AppEnv>()
      .get('/', readCached, async (c) => c.json(await listFolders(db, currentUser(c))))
      .post('/', write, jsonInput(folderInput), async (c) => c.json(await createFolder(db, currentUser(c), c.req.valid('json').name), 201))
      .patch('/:id', write, jsonInput(folderInput), async (c) =>
        c.json(await renameFolder(db, currentUser(c), folderId(c), c.req.valid('json').name)),
      )
      .delete('/:id', write, async (c) => {
        await deleteFolder(db, currentUser(c), folderId(c));
        return c.json({ ok: true });
      })
      .get('/:id/creatives', readCached, queryInput(favoritesQueryInput), async (c) =>
        c.json(await listFolderCreatives(db, currentUser(c), folderId(c), c.req.valid('query'))),
      )
      // The folder's originals as one streamed ZIP with a README.txt (HEAD: the same checks, no body).
      .get('/:id/zip', read, async (c) => {
        const { folder, creatives } = await folderZipContents(db, currentUser(c), folderId(c));
        return zipAttachment(c, folder.name, () => streamCreativesZip(deps.media.store, creatives, folderReadmeTitle(folder.name)));
      })
      .put('/:id/creatives/:creativeId', write, async (c) =>
        c.json(await addToFolder(db, currentUser(c), folderId(c), idParam(c, 'creativeId', MSG.creativeNotFound))),
      )
      .delete('/:id/creatives/:creativeId', write, async (c) =>
        c.json(await removeFromFolder(db, currentUser(c), folderId(c), idParam(c, 'creativeId', MSG.creativeNotFound))),
      )
      .put('/:id/creatives/:creativeId/note', write, jsonInput(noteInput), async (c) =>
        c.json(await setFolderNote(db, currentUser(c), folderId(c), entryId(c), c.req.valid('json').note)),
      )
      .get('/:id/shares', read, async (c) => c.json(await listShares(db, currentUser(c), folderId(c))))
      .post('/:id/shares', write, jsonInput(shareInput), async (c) =>
        c.json(await createShare(db, currentUser(c), folderId(c), c.req.valid('json')), 201),
      )
      .delete('/:id/shares/:shareId', write, async (c) => {
        await revokeShare(db, currentUser(c), folderId(c), idParam(c, 'shareId', MSG.shareNotFound));
        return c.json({ ok: true });
      })
  );
}
