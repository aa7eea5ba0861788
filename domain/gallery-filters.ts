import { MEDIA_FILTER_KEYS, MEDIA_FILTER_LISTS, type MediaFilterKey } from './media-shape';
import { CATEGORY_KEYS, CATEGORY_LISTS, splitCategory, type CategoryKey } from './vocabulary';

export type CategoryFilters = Partial<Record<CategoryKey, string[]>>;

/** The chosen shape and length classes (domain/media-shape.ts), like a category group each. */
export type MediaFilters = Partial<Record<MediaFilterKey, string[]>>;

export interface GalleryFilters {
  categories: CategoryFilters;
  /** Absent: no shape or length chosen. */
  media?: MediaFilters;
  isJuntoAngel: boolean;
  testedAndApproved: boolean;
}

/** The filter dialog's groups of values, in its order: the categories, then the shape and the length. */
export type FilterGroup = CategoryKey | MediaFilterKey;
export const FILTER_GROUPS: readonly FilterGroup[] = [...CATEGORY_KEYS, ...MEDIA_FILTER_KEYS];
export const FILTER_GROUP_LISTS: Record<FilterGroup, readonly string[]> = { ...CATEGORY_LISTS, ...MEDIA_FILTER_LISTS };

export const isMediaGroup = (group: FilterGroup): group is MediaFilterKey => (MEDIA_FILTER_KEYS as readonly string[]).includes(group);

/** The values chosen in a group ([] when none). */
export function chosenIn(filters: GalleryFilters, group: FilterGroup): string[] {
  return (isMediaGroup(group) ? filters.media?.[group] : filters.categories[group]) ?? [];
}

/** The creative's own field holding each media group's class. */
const MEDIA_FIELDS = { shape: 'shape', length: 'lengthClass' } as const satisfies Record<MediaFilterKey, string>;

export const EMPTY_FILTERS: GalleryFilters = { categories: {}, isJuntoAngel: false, testedAndApproved: false };

/** Filter-button badge: each category group with a choice counts once, and each 'Oui' toggle once. */
export function activeFilterGroups(filters: GalleryFilters): number {
  const groups = FILTER_GROUPS.filter((group) => chosenIn(filters, group).length > 0).length;
  return groups + (filters.isJuntoAngel ? 1 : 0) + (filters.testedAndApproved ? 1 : 0);
}

/** Within a group: any of the chosen values. Across groups and flags: all of them. */
export function matchesFilters(
  creative: Record<CategoryKey, string> & {
    isJuntoAngel: boolean;
    testedAndApproved: boolean;
    shape?: string | null;
    lengthClass?: string | null;
  },
  filters: GalleryFilters,
): boolean {
  if (filters.isJuntoAngel && !creative.isJuntoAngel) return false;
  if (filters.testedAndApproved && !creative.testedAndApproved) return false;
  for (const key of MEDIA_FILTER_KEYS) {
    const wanted = filters.media?.[key] ?? [];
    if (wanted.length > 0 && !wanted.includes(creative[MEDIA_FIELDS[key]] ?? '')) return false;
  }
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
