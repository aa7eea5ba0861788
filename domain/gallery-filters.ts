import { z } from 'zod';
import { CATEGORY_KEYS, CATEGORY_LISTS, splitCategory, type CategoryKey } from './vocabulary';

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

const listOf = (values: readonly string[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(values as [string, ...string[]], { error: 'Valeur de filtre inconnue' })).max(values.length));

const flag = z
  .enum(['1', 'true', '0', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Query of the gallery endpoint: values must belong to the vocabulary lists. */
export const galleryQueryInput = z.object({
  sort: z.enum(['recent', 'likes']).default('recent'),
  q: z.string().trim().max(100).optional().default(''),
  format: listOf(CATEGORY_LISTS.format),
  objective: listOf(CATEGORY_LISTS.objective),
  type: listOf(CATEGORY_LISTS.type),
  sector: listOf(CATEGORY_LISTS.sector),
  platform: listOf(CATEGORY_LISTS.platform),
  junto: flag,
  tested: flag,
  cursor: z.string().max(500).optional(),
});
export type GalleryQueryInput = z.output<typeof galleryQueryInput>;

export function filtersOf(query: GalleryQueryInput): GalleryFilters {
  const categories: CategoryFilters = {};
  for (const key of CATEGORY_KEYS) if (query[key].length) categories[key] = query[key];
  return { categories, isJuntoAngel: query.junto, testedAndApproved: query.tested };
}

/** Query of the favourites endpoint: search term and cursor. */
export const favoritesQueryInput = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
});
