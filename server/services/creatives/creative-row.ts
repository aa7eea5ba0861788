import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { analysisPreview } from '@domain/analysis-preview';
import { asLength, asShape } from '@domain/media-shape';
import type { MediaType } from '@domain/vocabulary';
import { joinCategory, type CreativeStatus } from '@domain/vocabulary';
import type { Categories, Creative } from '@domain/types';
import type { Db } from '@server/db/client';
import { CoalescedLookups } from '@server/db/coalesced-lookups';
import { perDatabase } from '@server/db/per-database';
import { preparedVariants, textArray } from '@server/db/prepared';
import { creativeLikes, creatives, media, user } from '@server/db/schema';
import { imageSources } from '@server/media/derivatives';
import { likedAmong } from './like-lookups';

export const MEDIA_URL_PREFIX = '/media/';

/** Every column of creatives but the search documents and fingerprints (the targets of lookups: never shown). */
const {
  searchText: _searchText,
  searchVector: _searchVector,
  memberSearchVector: _memberSearchVector,
  facetLo: _facetLo,
  facetHi: _facetHi,
  mediaSha256: _mediaSha256,
  phash: _phash,
  mediaText: _mediaText,
  ...shownColumns
} = getTableColumns(creatives);

/**
 * Columns read for every creative shown to a viewer (joined media, submitter, viewer's like).
 * `likedBy`: the viewer's id (or a placeholder for it in a prepared statement), `null` for a
 * visitor, or `true` when every row is liked by the viewer by construction (favourites).
 */
export function creativeSelection(likedBy: string | Placeholder | null | true) {
  const likedByMe: SQL<boolean> =
    likedBy === true
      ? sql<boolean>`true`
      : likedBy !== null
        ? sql<boolean>`exists (select 1 from ${creativeLikes} where ${creativeLikes.creativeId} = ${creatives.id} and ${creativeLikes.userId} = ${likedBy})`
        : sql<boolean>`false`;
  return {
    creative: shownColumns,
    mediaName: media.name,
    mediaContentType: media.contentType,
    thumbName: media.thumbName,
    posterName: media.posterName,
    width: media.width,
    height: media.height,
    variantWidths: media.variantWidths,
    placeholderColor: media.placeholderColor,
    submitterFirstName: user.firstName,
    submitterLastName: user.lastName,
    likedByMe,
  };
}

/** SELECT … FROM creatives with the joins of creativeSelection. */
export function selectCreatives(db: Db, likedBy: string | Placeholder | null) {
  return db
    .select(creativeSelection(likedBy))
    .from(creatives)
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .leftJoin(user, eq(user.id, creatives.submittedBy));
}

/** The same for one creative's page, which also shows the text read in its media. */
export function selectCreativeDetail(db: Db, likedBy: string | Placeholder | null) {
  return db
    .select({ ...creativeSelection(likedBy), mediaText: creatives.mediaText })
    .from(creatives)
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .leftJoin(user, eq(user.id, creatives.submittedBy));
}

export type CreativeRow = Awaited<ReturnType<ReturnType<typeof selectCreatives>['execute']>>[number];

const mediaUrl = (name: string | null) => (name ? `${MEDIA_URL_PREFIX}${name}` : null);

/** A creative's tags as the API shows them: each category's values joined ('Meta, TikTok'). */
export function categoriesOf(
  c: Pick<typeof creatives.$inferSelect, 'formats' | 'objectives' | 'types' | 'sectors' | 'platforms'>,
): Categories {
  return {
    format: joinCategory(c.formats),
    objective: joinCategory(c.objectives),
    type: joinCategory(c.types),
    sector: joinCategory(c.sectors),
    platform: joinCategory(c.platforms),
  };
}

/**
 * The API shape of a creative; the analysis only for viewers allowed to read it, the suspected original
 * (duplicate detection) only in the review queue.
 */
export function toCreative(row: CreativeRow, options: { withAnalysis: boolean; withDuplicate?: boolean }): Creative {
  const c = row.creative;
  const original = mediaUrl(row.mediaName) ?? c.image;
  return {
    id: c.id,
    name: c.name,
    advertiser: c.advertiser,
    mediaType: c.mediaType as MediaType,
    mediaUrl: original,
    thumbUrl: mediaUrl(row.thumbName) ?? (c.mediaType === 'image' ? original : null),
    posterUrl: mediaUrl(row.posterName),
    width: row.width,
    height: row.height,
    sources: imageSources(row.mediaName, row.variantWidths, MEDIA_URL_PREFIX),
    placeholderColor: row.placeholderColor,
    image: c.image,
    ...categoriesOf(c),
    likes: c.likes,
    likedByMe: Boolean(row.likedByMe),
    commentCount: c.commentCount,
    createdAt: c.createdAt.toISOString(),
    validated: c.validated,
    status: c.status as CreativeStatus,
    submittedBy: c.submittedBy,
    submitter:
      row.submitterFirstName !== null && row.submitterLastName !== null
        ? { firstName: row.submitterFirstName, lastName: row.submitterLastName }
        : null,
    isJuntoAngel: c.isJuntoAngel,
    testedAndApproved: c.testedAndApproved,
    analysis: options.withAnalysis
      ? { attention: c.attention, interest: c.interest, desire: c.desire, bestPractices: c.bestPractices, actions: c.actions }
      : null,
    analysisPreview: analysisPreview(c.bestPractices),
    isFeatured: c.isFeatured,
    featuredAt: c.featuredAt?.toISOString() ?? null,
    analyzedBy: c.analyzedBy,
    rating: c.rating,
    rejectionReason: c.rejectionReason,
    ...(options.withDuplicate ? { duplicateOf: c.duplicateOf } : {}),
    shape: asShape(c.shape),
    lengthClass: asLength(c.lengthClass),
  };
}

/** At most this many ids per query; a bigger batch is split. */
const MAX_IDS = 1_200;

/** The rows of approved creatives by id, as a visitor sees them (no likes). */
const rowsByIdStatement = preparedVariants('creatives-by-id', (db, _parts: Record<string, never>, name) =>
  selectCreatives(db, null)
    .where(and(sql`${creatives.id} = any(${textArray('ids')})`, eq(creatives.status, 'approved')))
    .prepare(name),
);

/** The rows of a batch of pages (CoalescedLookups), read in one statement; a row asked twice is read once. */
async function rowsInBatch(db: Db, batch: (readonly string[])[]): Promise<Map<string, CreativeRow>[]> {
  const rows = await rowsByIdStatement(db, {}).execute({ ids: [...new Set(batch.flat())] });
  const byId = new Map(rows.map((r) => [r.creative.id, r]));
  return batch.map((ids) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : []))));
}

const rowLookupsOf = perDatabase(
  (db: Db) =>
    new CoalescedLookups<readonly string[], Map<string, CreativeRow>>(
      (batch) => rowsInBatch(db, batch),
      (ids) => ids.length,
      MAX_IDS,
    ),
);

/**
 * The rows of approved creatives by id (a creative taken out since the engine picked it is left out),
 * read with the other pages of the moment; `viewerId`'s likes are marked (their own batched lookup).
 * The rows may be shared with other requests: never mutate them.
 */
export async function rowsById(db: Db, viewerId: string | null, ids: readonly string[]): Promise<Map<string, CreativeRow>> {
  if (ids.length === 0) return new Map();
  if (viewerId === null) return rowLookupsOf(db).ask(ids);
  const [rows, liked] = await Promise.all([rowLookupsOf(db).ask(ids), likedAmong(db, viewerId, ids)]);
  return new Map([...rows].map(([id, row]) => [id, { ...row, likedByMe: liked.has(id) }]));
}
