import {
  activeFilterGroups,
  chosenIn,
  effectiveSort,
  FILTER_GROUP_LISTS,
  FILTER_GROUPS,
  GALLERY_SORTS,
  isMediaGroup,
  type GalleryFilters,
} from '@domain/gallery-filters';
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

/** Each group's known values in the URL, once each (an unknown one, from an old or edited link, is dropped). */
export function readGalleryView(params: URLSearchParams): GalleryView {
  const categories: Partial<Record<string, string[]>> = {};
  const media: Partial<Record<string, string[]>> = {};
  for (const group of FILTER_GROUPS) {
    const values = [...new Set(params.getAll(group).filter((v) => FILTER_GROUP_LISTS[group].includes(v)))];
    if (values.length) (isMediaGroup(group) ? media : categories)[group] = values;
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
  for (const group of FILTER_GROUPS) {
    next.delete(group);
    chosenIn(filters, group).forEach((v) => next.append(group, v));
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
