import { activeFilterGroups, effectiveSort, GALLERY_SORTS, type GalleryFilters, type MediaFilters } from '@domain/gallery-filters';
import { MEDIA_FILTER_KEYS, MEDIA_FILTER_LISTS } from '@domain/media-shape';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import type { GalleryQuery, GallerySort } from '@/gateway/types';

/** The gallery view lives in the URL (?sort=likes&q=…&format=…&shape=9:16&length=le6&junto=1&tested=1) so it can be shared. */
export interface GalleryView {
  sort: GallerySort;
  q: string;
  filters: GalleryFilters;
}

/** The sort of the URL, or the default for its term (relevance with one, most recent without). */
function sortOf(params: URLSearchParams): GallerySort {
  const given = params.get('sort');
  const sort = (GALLERY_SORTS as readonly (string | null)[]).includes(given) ? (given as GallerySort) : undefined;
  return effectiveSort(sort, params.get('q') ?? '');
}

/** The known values of a list parameter, once each (an unknown one, from an old or edited link, is dropped). */
function valuesOf(params: URLSearchParams, key: string, allowed: readonly string[]): string[] {
  return [...new Set(params.getAll(key).filter((v) => allowed.includes(v)))];
}

export function readGalleryView(params: URLSearchParams): GalleryView {
  const categories: GalleryFilters['categories'] = {};
  for (const key of CATEGORY_KEYS) {
    const values = valuesOf(params, key, CATEGORY_LISTS[key]);
    if (values.length) categories[key] = values;
  }
  const media: MediaFilters = {};
  for (const key of MEDIA_FILTER_KEYS) {
    const values = valuesOf(params, key, MEDIA_FILTER_LISTS[key]);
    if (values.length) media[key] = values;
  }
  return {
    sort: sortOf(params),
    q: params.get('q') ?? '',
    filters: {
      categories,
      media,
      isJuntoAngel: params.get('junto') === '1',
      testedAndApproved: params.get('tested') === '1',
    },
  };
}

/** Writes the filters into a copy of the params, keeping the others (sort, q). */
export function withFilters(params: URLSearchParams, filters: GalleryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of CATEGORY_KEYS) {
    next.delete(key);
    filters.categories[key]?.forEach((v) => next.append(key, v));
  }
  for (const key of MEDIA_FILTER_KEYS) {
    next.delete(key);
    filters.media?.[key]?.forEach((v) => next.append(key, v));
  }
  for (const [flag, on] of [
    ['junto', filters.isJuntoAngel],
    ['tested', filters.testedAndApproved],
  ] as const) {
    if (on) next.set(flag, '1');
    else next.delete(flag);
  }
  return next;
}

/** The sort in the URL only when it is not the default for the term, so a shared link stays short. */
export function withSort(params: URLSearchParams, sort: GallerySort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === effectiveSort(undefined, params.get('q') ?? '')) next.delete('sort');
  else next.set('sort', sort);
  return next;
}

export function toGalleryQuery(view: GalleryView): GalleryQuery {
  return {
    sort: view.sort,
    q: view.q.trim() || undefined,
    filters: view.filters.categories,
    media: view.filters.media,
    isJuntoAngel: view.filters.isJuntoAngel,
    testedAndApproved: view.filters.testedAndApproved,
  };
}

export function isFiltered(view: GalleryView): boolean {
  return activeFilterGroups(view.filters) > 0 || view.q.trim() !== '';
}
