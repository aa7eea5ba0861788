import { Hono, type Context } from 'hono';
import { AppError } from '@domain/errors';
import { downloadFileName } from '@domain/download';
import { folderReadmeTitle } from '@domain/folder-zip';
import { MSG } from '@domain/messages';
import { pageQuery } from '@domain/schemas/paging';
import { unlockInput } from '@domain/schemas/share';
import { SHARE_TOKEN_PATTERN } from '@domain/shares';
import type { AppEnv, Deps } from '@server/http/context';
import { idParam } from '@server/http/route-params';
import { route } from '@server/http/route-policy';
import { jsonInput, queryInput } from '@server/http/validate';
import { zipAttachment } from '@server/http/delivery/zip-attachment';
import { serveFile } from '@server/media/serve-file';
import { streamCreativesZip } from '@server/services/creatives-zip';
import {
  checkSharePassword,
  openShare,
  sharedCreative,
  sharedDownload,
  sharedFolderPage,
  sharedZipContents,
  type OpenShare,
} from '@server/services/shares/shares.service';

/** The `:token` of these routes; anything that cannot be one of ours is unknown without a database round trip. */
function tokenOf(c: Context): string {
  const token = c.req.param('token');
  if (!token || !SHARE_TOKEN_PATTERN.test(token)) throw new AppError('NOT_FOUND', { message: MSG.shareNotFound });
  return token;
}

const creativeId = (c: Context) => idParam(c, 'creativeId', MSG.creativeNotFound);

/**
 * The public side of share links (/partage/:token): no account, no session — the token (and, for a
 * protected link, the unlock cookie of that token) opens one folder's approved creatives and nothing else.
 */
export function sharesRoutes(deps: Deps) {
  const { db } = deps;
  const { shareAccess } = deps.auth;
  /** The link, when it works now and this browser may read it: 404 / 410, or 401 PASSWORD_REQUIRED. */
  const readable = async (c: Context): Promise<OpenShare> => {
    const token = tokenOf(c);
    const share = await openShare(db, token);
    if (share.row.passwordHash !== null && !shareAccess.isGranted(c, share.row)) throw new AppError('PASSWORD_REQUIRED');
    return share;
  };
  return (
    new Hono<AppEnv>()
      // The first page is an opening of the link: a view, once a day per visitor.
      .get('/:token', queryInput(pageQuery), async (c) => {
        const share = await readable(c);
        const { cursor } = c.req.valid('query');
        const countView = !cursor && (await shareAccess.isFirstViewToday(c, share.row.id));
        return c.json(await sharedFolderPage(db, share, cursor, { countView }));
      })
      .post('/:token/unlock', route(deps, { budget: 'session', invalidates: 'shared views' }), jsonInput(unlockInput), async (c) => {
        const share = await openShare(db, tokenOf(c));
        const { password } = c.req.valid('json');
        if (!(await shareAccess.tryPassword(c, share.row, () => checkSharePassword(share, password)))) {
          throw new AppError('WRONG_PASSWORD', { message: MSG.sharePasswordWrong, fields: { password: MSG.sharePasswordWrong } });
        }
        shareAccess.grant(c, share.row);
        return c.json({ ok: true });
      })
      .get('/:token/creatives/:creativeId', async (c) => c.json(await sharedCreative(db, await readable(c), creativeId(c))))
      .get('/:token/creatives/:creativeId/download', async (c) => {
        const file = await sharedDownload(db, await readable(c), creativeId(c));
        return serveFile(c, deps.media.store, file.mediaName, file.contentType, {
          downloadName: downloadFileName(file.name, file.contentType),
        });
      })
      // The whole folder as the owner's ZIP would be (HEAD: the same checks, no body); counts no view.
      .get('/:token/zip', async (c) => {
        const share = await readable(c);
        const creatives = await sharedZipContents(db, share);
        return zipAttachment(c, share.folderName, () =>
          streamCreativesZip(deps.media.store, creatives, folderReadmeTitle(share.folderName)),
        );
      })
  );
}
