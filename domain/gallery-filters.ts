import { CATEGORY_KEYS, splitCategory, type CategoryKey } from './vocabulary';

export type CategoryFilters = Partial<Record<CategoryKey, string[]>>;

export interface GalleryFilters {
  categories: CategoryFilters;
  isJuntoAngel: boolean;
  testedAndApproved: boolean;
}

export const EMPTY_FILTERS: GalleryFilters = { categories: {}, isJuntoAngel: false, testedAndApproved: false };

/** Filter-button badge: each category group with a choice counts once, and each 'Oui' toggle once. */
export function activeFilterGroups(filters: GalleryFilters): number {
  const groups = CATEGORY_KEYS.filter((k) => (filters.categories[k]?.length ?? 0) > 0).length;
  return groups + (filters.isJuntoAngel ? 1 : 0) + (filters.testedAndApproved ? 1 : 0);
}

/** Within a group: any of the chosen values. Across groups and flags: all of them. */
export function matchesFilters(
  creative: Record<CategoryKey, string> & { isJuntoAngel: boolean; testedAndApproved: boolean },
  filters: GalleryFilters,
): boolean {
  if (filters.isJuntoAngel && !creative.isJuntoAngel) return false;
  if (filters.testedAndApproved && !creative.testedAndApproved) return false;
  return CATEGORY_KEYS.every((key) => {
    const wanted = filters.categories[key] ?? [];
    if (wanted.length === 0) return true;
    const values = splitCategory(creative[key]);
    return wanted.some((w) => values.includes(w));
  });
}

export const GALLERY_SORTS = ['recent', 'likes', 'relevance'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

/** Relevance ranks a search: it is the default with a term and means « most recent » without one. */
export function effectiveSort(sort: GallerySort | undefined, q: string | undefined): GallerySort {
  const searched = Boolean(q?.trim());
  if (sort === 'relevance' || sort === undefined) return searched ? 'relevance' : 'recent';
  return sort;
}
