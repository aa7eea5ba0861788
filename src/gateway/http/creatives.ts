import { downloadFileName } from '@domain/download';
import { effectiveSort } from '@domain/gallery-filters';
import type { CreativeInput, Gateway, GalleryQuery } from '../types';
import { segment, type HttpClient } from './client';

/** The gallery query string; empty values are left out, as the server's defaults cover them. */
export function galleryParams(query: GalleryQuery) {
  return {
    // Left out when it is the server's default for this term (one cache entry per view).
    sort: query.sort && query.sort !== effectiveSort(undefined, query.q) ? query.sort : undefined,
    q: query.q?.trim() || undefined,
    format: nonEmpty(query.filters?.format),
    objective: nonEmpty(query.filters?.objective),
    type: nonEmpty(query.filters?.type),
    sector: nonEmpty(query.filters?.sector),
    platform: nonEmpty(query.filters?.platform),
    shape: nonEmpty(query.media?.shape),
    length: nonEmpty(query.media?.length),
    junto: query.isJuntoAngel ? ('1' as const) : undefined,
    tested: query.testedAndApproved ? ('1' as const) : undefined,
    cursor: query.cursor || undefined,
  };
}

const nonEmpty = (values: string[] | undefined) => (values?.length ? values : undefined);

/** The multipart form of the submit and edit routes; without `input`, the file alone (the duplicate check). */
export function creativeForm(input: CreativeInput | null, file?: File | Blob | null, fileName?: string): FormData {
  const form = new FormData();
  if (input) form.set('data', JSON.stringify(input));
  if (file) form.set('media', file, fileName ?? (file instanceof File ? file.name : 'media'));
  return form;
}

export function httpCreatives({ api, json, ok, upload }: HttpClient): Gateway['creatives'] {
  const one = (id: string) => ({ param: { id: segment(id) } });
  return {
    list: async (query) => json(api.creatives.$get({ query: galleryParams(query) })),
    highlights: async () => json(api.creatives.highlights.$get()),
    get: async (id) => json(api.creatives[':id'].$get(one(id))),
    like: async (id) => json(api.creatives[':id'].like.$post(one(id))),
    unlike: async (id) => json(api.creatives[':id'].like.$delete(one(id))),
    favorites: async (query) => json(api.favorites.$get({ query: { q: query.q?.trim() || undefined, cursor: query.cursor || undefined } })),
    download: async (creative) => {
      const res = await ok(api.creatives[':id'].download.$get(one(creative.id)));
      const blob = await res.blob();
      return { blob, fileName: downloadFileName(creative.name, blob.type || res.headers.get('content-type')) };
    },
    // The multipart form goes through the transport's upload (progress); hc gives URL, method and types.
    submit: async (input, file, onProgress) => json(api.creatives.$post({}, upload(creativeForm(input, file), onProgress))),
    update: async (id, input, file, onProgress) =>
      json(api.creatives[':id'].$patch(one(id), upload(creativeForm(input, file), onProgress))),
    remove: async (id) => {
      await ok(api.creatives[':id'].$delete(one(id)));
    },
    checkDuplicates: async (file) => json(api.creatives.duplicates.$post({}, upload(creativeForm(null, file)))),
    adminCreate: async (input) => json(api.admin.creatives.$post({ json: input })),
    suggest: async (q) => (q.trim() ? json(api.creatives.suggestions.$get({ query: { q: q.trim() } })) : []),
    similar: async (id) => json(api.creatives[':id'].similar.$get(one(id))),
    facets: async (query) => {
      const { sort: _sort, cursor: _cursor, ...view } = galleryParams(query);
      return json(api.creatives.facets.$get({ query: view }));
    },
  };
}
