import { z } from 'zod';
import { effectiveSort, GALLERY_SORTS, type CategoryFilters, type GalleryFilters, type MediaFilters } from '../gallery-filters';
import { MEDIA_FILTER_KEYS, MEDIA_FILTER_LISTS } from '../media-shape';
import { MSG } from '../messages';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '../vocabulary';
import { textField } from './fields';
import { cursorField } from './paging';

const listOf = (values: readonly string[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.enum(values as [string, ...string[]], { error: MSG.unknownFilterValue })).max(values.length));

const flag = z
  .enum(['1', 'true', '0', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** The search term and filters of a gallery view (the gallery and its facet counts). */
const galleryViewFields = {
  q: textField().trim().max(100).optional().default(''),
  format: listOf(CATEGORY_LISTS.format),
  objective: listOf(CATEGORY_LISTS.objective),
  type: listOf(CATEGORY_LISTS.type),
  sector: listOf(CATEGORY_LISTS.sector),
  platform: listOf(CATEGORY_LISTS.platform),
  shape: listOf(MEDIA_FILTER_LISTS.shape),
  length: listOf(MEDIA_FILTER_LISTS.length),
  junto: flag,
  tested: flag,
};

/** Query of the gallery endpoint: values must belong to the vocabulary lists. */
export const galleryQueryInput = z
  .object({ ...galleryViewFields, sort: z.enum(GALLERY_SORTS).optional(), cursor: cursorField })
  .transform((query) => ({ ...query, sort: effectiveSort(query.sort, query.q) }));
export type GalleryQueryInput = z.output<typeof galleryQueryInput>;

/** Query of the facet counts: the gallery view without sort and cursor. */
export const facetsQueryInput = z.object(galleryViewFields);
export type FacetsQueryInput = z.output<typeof facetsQueryInput>;

/** The filters of a validated gallery query. */
export function filtersOf(query: FacetsQueryInput): GalleryFilters {
  const categories: CategoryFilters = {};
  for (const key of CATEGORY_KEYS) if (query[key].length) categories[key] = query[key];
  const media: MediaFilters = {};
  for (const key of MEDIA_FILTER_KEYS) if (query[key].length) media[key] = query[key];
  return { categories, media, isJuntoAngel: query.junto, testedAndApproved: query.tested };
}

/** Query of the favourites endpoint: search term and cursor. */
export const favoritesQueryInput = z.object({
  q: textField().trim().max(100).optional(),
  cursor: cursorField,
});
