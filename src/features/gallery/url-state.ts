import { activeFilterGroups, type GalleryFilters } from '@domain/gallery-filters';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import type { GalleryQuery, GallerySort } from '@/gateway/types';

/** The gallery view lives in the URL (?sort=likes&q=…&format=…&junto=1&tested=1) so it can be shared. */
export interface GalleryView {
  sort: GallerySort;
  q: string;
  filters: GalleryFilters;
}

export function readGalleryView(params: URLSearchParams): GalleryView {
  const categories: GalleryFilters['categories'] = {};
  for (const key of CATEGORY_KEYS) {
    const allowed: readonly string[] = CATEGORY_LISTS[key];
    const values = params.getAll(key).filter((v) => allowed.includes(v));
    if (values.length) categories[key] = [...new Set(values)];
  }
  return {
    sort: params.get('sort') === 'likes' ? 'likes' : 'recent',
    q: params.get('q') ?? '',
    filters: {
      categories,
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
  for (const [flag, on] of [
    ['junto', filters.isJuntoAngel],
    ['tested', filters.testedAndApproved],
  ] as const) {
    if (on) next.set(flag, '1');
    else next.delete(flag);
  }
  return next;
}

export function withSort(params: URLSearchParams, sort: GallerySort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === 'likes') next.set('sort', 'likes');
  else next.delete('sort');
  return next;
}

export function toGalleryQuery(view: GalleryView): GalleryQuery {
  return {
    sort: view.sort,
    q: view.q.trim() || undefined,
    filters: view.filters.categories,
    isJuntoAngel: view.filters.isJuntoAngel,
    testedAndApproved: view.filters.testedAndApproved,
  };
}

export function isFiltered(view: GalleryView): boolean {
  return activeFilterGroups(view.filters) > 0 || view.q.trim() !== '';
}
