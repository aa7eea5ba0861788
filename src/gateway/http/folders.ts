import { MSG } from '@domain/messages';
import { GatewayError, type Gateway } from '../types';
import { segment, type HttpClient } from './client';

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
    // The server streams the archive: a HEAD first turns an error into a GatewayError, then the
    // browser's downloader takes the address (nothing goes through the page's memory).
    downloadZip: async (target) => {
      const route = api.folders[':id'].zip;
      await ok(route.$get(folder(target.id), { init: { method: 'HEAD' } })).catch((err: unknown) => {
        throw err instanceof GatewayError ? zipRefusal(err) : err;
      });
      return { kind: 'url', url: route.$path(folder(target.id)) };
    },
  };
}

/**
 * What a refused HEAD of the ZIP route meant: a HEAD answer has no body, so no error code or
 * message, only its status — the route's few refusals, told apart by it.
 */
function zipRefusal(err: GatewayError): GatewayError {
  if (err.status === 401) return new GatewayError('UNAUTHENTICATED', MSG.notSignedIn, 401);
  if (err.status === 404) return new GatewayError('NOT_FOUND', MSG.folderNotFound, 404);
  if (err.status === 413) return new GatewayError('PAYLOAD_TOO_LARGE', MSG.folderZipTooLarge, 413);
  return err;
}
