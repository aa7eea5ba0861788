import type { Creative, Folder } from '../../../domain/types';
import type { Gateway } from '../types';
import { api, send, withQuery } from './client';

const folderPath = (id: string) => `/api/folders/${encodeURIComponent(id)}`;

export const httpFolders: Gateway['folders'] = {
  list: () => api<Folder[]>('GET', '/api/folders'),
  create: (name) => api<Folder>('POST', '/api/folders', { name }),
  rename: (id, name) => api<Folder>('PATCH', folderPath(id), { name }),
  remove: async (id) => {
    await send('DELETE', folderPath(id));
  },
  creatives: (id, query) => api<Creative[]>('GET', withQuery(`${folderPath(id)}/creatives`, { q: query.q?.trim() })),
  addCreative: (id, creativeId) => api<Folder>('PUT', `${folderPath(id)}/creatives/${encodeURIComponent(creativeId)}`),
  removeCreative: (id, creativeId) =>
    api<Folder>('DELETE', `${folderPath(id)}/creatives/${encodeURIComponent(creativeId)}`),
};
