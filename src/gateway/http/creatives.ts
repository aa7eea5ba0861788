import { downloadFileName } from '../../../domain/download';
import type { Creative, Highlights, LikeState, Page } from '../../../domain/types';
import type { CreativeInput, Gateway, GalleryQuery } from '../types';
import { withQuery, type HttpClient } from './client';

export function galleryParams(query: GalleryQuery) {
  return {
    sort: query.sort === 'likes' ? 'likes' : undefined,
    q: query.q?.trim(),
    format: query.filters?.format,
    objective: query.filters?.objective,
    type: query.filters?.type,
    sector: query.filters?.sector,
    platform: query.filters?.platform,
    junto: query.isJuntoAngel ? '1' : undefined,
    tested: query.testedAndApproved ? '1' : undefined,
    cursor: query.cursor ?? undefined,
  };
}

export function creativeForm(input: CreativeInput, file?: File | Blob | null, fileName?: string): FormData {
  const form = new FormData();
  form.set('data', JSON.stringify(input));
  if (file) form.set('media', file, fileName ?? (file instanceof File ? file.name : 'media'));
  return form;
}

const one = (id: string) => `/api/creatives/${encodeURIComponent(id)}`;

export function httpCreatives({ api, send, upload }: HttpClient): Gateway['creatives'] {
  return {
    list: (query) => api<Page<Creative>>('GET', withQuery('/api/creatives', galleryParams(query))),
    highlights: () => api<Highlights>('GET', '/api/creatives/highlights'),
    get: (id) => api<Creative>('GET', one(id)),
    like: (id) => api<LikeState>('POST', `${one(id)}/like`),
    unlike: (id) => api<LikeState>('DELETE', `${one(id)}/like`),
    favorites: (query) =>
      api<Page<Creative>>('GET', withQuery('/api/favorites', { q: query.q?.trim(), cursor: query.cursor ?? undefined })),
    download: async (creative) => {
      const res = await send('GET', `${one(creative.id)}/download`);
      const blob = await res.blob();
      return { blob, fileName: downloadFileName(creative.name, blob.type || res.headers.get('content-type')) };
    },
    submit: (input, file, onProgress) => upload<Creative>('POST', '/api/creatives', creativeForm(input, file), onProgress),
    update: (id, input, file, onProgress) => upload<Creative>('PATCH', one(id), creativeForm(input, file), onProgress),
    remove: async (id) => {
      await send('DELETE', one(id));
    },
    adminCreate: (input) => api<Creative>('POST', '/api/admin/creatives', input),
  };
}
