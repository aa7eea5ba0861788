import { downloadFileName } from '@domain/download';
import { SHELL_MSG } from '@domain/messages-shell';
import { GatewayError, type Gateway } from '../types';
import { segment, type HttpClient } from './client';
import { streamedZip } from './streamed-zip';

export function httpShares({ api, json, ok }: HttpClient): Gateway['shares'] {
  const folder = (id: string) => ({ param: { id: segment(id) } });
  const link = (token: string, creativeId: string) => ({ param: { token: segment(token), creativeId: segment(creativeId) } });
  return {
    list: async (folderId) => json(api.folders[':id'].shares.$get(folder(folderId))),
    create: async (folderId, input) => json(api.folders[':id'].shares.$post({ ...folder(folderId), json: input })),
    revoke: async (folderId, shareId) => {
      await ok(api.folders[':id'].shares[':shareId'].$delete({ param: { id: segment(folderId), shareId: segment(shareId) } }));
    },
    folder: async (token, cursor) =>
      json(api.shares[':token'].$get({ param: { token: segment(token) }, query: { cursor: cursor || undefined } })),
    creative: async (token, creativeId) => json(api.shares[':token'].creatives[':creativeId'].$get(link(token, creativeId))),
    unlock: async (token, password) => {
      await ok(api.shares[':token'].unlock.$post({ param: { token: segment(token) }, json: { password } }));
    },
    download: async (token, creative) => {
      const res = await ok(api.shares[':token'].creatives[':creativeId'].download.$get(link(token, creative.id)));
      const blob = await res.blob();
      return { blob, fileName: downloadFileName(creative.name, blob.type || res.headers.get('content-type')) };
    },
    downloadZip: async (token) => {
      const route = api.shares[':token'].zip;
      const param = { param: { token: segment(token) } };
      return streamedZip(ok, route.$get(param, { init: { method: 'HEAD' } }), route.$path(param), {
        401: new GatewayError('PASSWORD_REQUIRED', SHELL_MSG.sharePasswordRequired, 401),
        403: new GatewayError('FORBIDDEN', SHELL_MSG.shareDownloadNotAllowed, 403),
        404: new GatewayError('NOT_FOUND', SHELL_MSG.shareNotFound, 404),
        410: new GatewayError('GONE', SHELL_MSG.shareExpired, 410),
        413: new GatewayError('PAYLOAD_TOO_LARGE', SHELL_MSG.folderZipTooLarge, 413),
      });
    },
  };
}
