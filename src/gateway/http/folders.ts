import type { Creative, Folder } from '../../../domain/types';
import type { Gateway } from '../types';
import { withQuery, type HttpClient } from './client';

const folderPath = (id: string) => `/api/folders/${encodeURIComponent(id)}`;
const entryPath = (id: string, creativeId: string) => `${folderPath(id)}/creatives/${encodeURIComponent(creativeId)}`;

export function httpFolders({ api, send }: HttpClient): Gateway['folders'] {
  return {
    list: () => api<Folder[]>('GET', '/api/folders'),
    create: (name) => api<Folder>('POST', '/api/folders', { name }),
    rename: (id, name) => api<Folder>('PATCH', folderPath(id), { name }),
    remove: async (id) => {
      await send('DELETE', folderPath(id));
    },
    creatives: (id, query) => api<Creative[]>('GET', withQuery(`${folderPath(id)}/creatives`, { q: query.q?.trim() })),
    addCreative: (id, creativeId) => api<Folder>('PUT', entryPath(id, creativeId)),
    removeCreative: (id, creativeId) => api<Folder>('DELETE', entryPath(id, creativeId)),
  };
}
