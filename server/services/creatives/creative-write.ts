import { lengthOf, shapeOf } from '@domain/media-shape';
import type { CreativeInputData } from '@domain/schemas/creative';
import { searchTextOf } from '@domain/search';
import type { MediaType } from '@domain/vocabulary';
import type { creatives, media } from '@server/db/schema';

/** Columns written from a validated submit / edit form. */
export function creativeColumns(input: CreativeInputData): Partial<typeof creatives.$inferInsert> {
  return {
    name: input.name,
    advertiser: input.advertiser,
    searchText: searchTextOf(input),
    formats: input.format,
    objectives: input.objective,
    types: input.type,
    sectors: input.sector,
    platforms: input.platform,
    isJuntoAngel: input.isJuntoAngel,
    testedAndApproved: input.testedAndApproved,
    attention: input.attention,
    interest: input.interest,
    desire: input.desire,
    bestPractices: input.bestPractices,
    actions: input.actions,
  };
}

/**
 * Columns written from a stored media (submission, or an edit replacing it): the media itself, its
 * aspect-ratio class from its size and, for a video, its duration class (domain/media-shape.ts). The
 * trigger of migration 0020 turns both into facet bits.
 */
export function mediaColumns(
  stored: Pick<typeof media.$inferSelect, 'id' | 'width' | 'height' | 'durationMs'>,
  mediaType: MediaType,
): Partial<typeof creatives.$inferInsert> {
  return {
    mediaId: stored.id,
    mediaType,
    shape: shapeOf(stored.width, stored.height),
    lengthClass: mediaType === 'video' ? lengthOf(stored.durationMs) : null,
  };
}
