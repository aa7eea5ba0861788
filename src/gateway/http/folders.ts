import { SHELL_MSG } from '@domain/messages-shell';
import { GatewayError, type Gateway } from '../types';
import { segment, type HttpClient } from './client';
import { streamedZip } from './streamed-zip';

export function httpFolders({ api, json, ok }: HttpClient): Gateway['folders'] {
  const folder = (id: string) => ({ param: { id: segment(id) } });
  const entry = (id: string, creativeId: string) => ({ param: { id: segment(id), creativeId: segment(creativeId) } });
  return {
    list: async () => json(api.folders.$get()),
    create: async (name) => json(api.folders.$post({ json: { name } })),
    rename: async (id, name) => json(api.folders[':id'].$patch({ ...folder(id), json: { name } })),
    remove: async (id) => {
      await ok(api.folders[':id'].$delete(folder(id)));
    },
    creatives: async (id, query) =>
      json(
        api.folders[':id'].creatives.$get({ ...folder(id), query: { q: query.q?.trim() || undefined, cursor: query.cursor || undefined } }),
      ),
    addCreative: async (id, creativeId) => json(api.folders[':id'].creatives[':creativeId'].$put(entry(id, creativeId))),
    removeCreative: async (id, creativeId) => json(api.folders[':id'].creatives[':creativeId'].$delete(entry(id, creativeId))),
    setNote: async (id, creativeId, note) =>
      json(api.folders[':id'].creatives[':creativeId'].note.$put({ ...entry(id, creativeId), json: { note } })),
    downloadZip: async (target) => {
      const route = api.folders[':id'].zip;
      return streamedZip(ok, route.$get(folder(target.id), { init: { method: 'HEAD' } }), route.$path(folder(target.id)), {
        401: new GatewayError('UNAUTHENTICATED', SHELL_MSG.notSignedIn, 401),
        404: new GatewayError('NOT_FOUND', SHELL_MSG.folderNotFound, 404),
        413: new GatewayError('PAYLOAD_TOO_LARGE', SHELL_MSG.folderZipTooLarge, 413),
      });
    },
  };
}
