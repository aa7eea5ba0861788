import { and, arrayOverlaps, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { creativeOfMonthRule } from '@domain/creative-of-month';
import { filtersOf, type GalleryQueryInput } from '@domain/schemas/gallery';
import { PAGE_SIZE } from '@domain/limits';
import { can } from '@domain/permissions';
import { normalizeSearch } from '@domain/search';
import type { Creative, Highlights, Page, User } from '@domain/types';
import type { CategoryKey } from '@domain/vocabulary';
import type { Db } from '@server/db/client';
import { preparedVariants } from '@server/db/prepared';
import { creativeLikes, creatives, media, user } from '@server/db/schema';
import { afterTimeCursorPlaceholder, decodeCursor, decodeTimeCursor, timeCursorValues, timeKey, toPage } from '../pagination';
import { creativeSelection, selectCreatives, toCreative, type CreativeRow } from './creative-row';

const CATEGORY_COLUMNS: Record<CategoryKey, AnyPgColumn> = {
  format: creatives.formats,
  objective: creatives.objectives,
  type: creatives.types,
  sector: creatives.sectors,
  platform: creatives.platforms,
};

/** `%term%` for LIKE on the normalised search text, with LIKE's wildcards escaped. */
function searchPattern(q: string): string | null {
  const term = normalizeSearch(q);
  return term ? `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
}

export function searchCondition(q: string | undefined): SQL | undefined {
  const pattern = q ? searchPattern(q) : null;
  return pattern ? sql`${creatives.searchText} like ${pattern}` : undefined;
}

const approved = () => eq(creatives.status, 'approved');

const viewOf = (viewer: User | null) => ({ withAnalysis: can(viewer?.role, 'creative:read-analysis') });

/** Gallery page: approved creatives, filters (any-of within a group, all-of across), search, keyset cursor. */
export function listGallery(db: Db, viewer: User | null, query: GalleryQueryInput): Promise<Page<Creative>> {
  return galleryPage(db, { viewerId: viewer?.id ?? null, ...viewOf(viewer) }, query);
}

/**
 * The gallery page every signed-in member sees alike (they all may read the analysis), before the
 * viewer's own likes are marked (`likedByMe` false): shareable between members, see
 * server/http/member-gallery.ts.
 */
export function listGalleryForMembers(db: Db, query: GalleryQueryInput): Promise<Page<Creative>> {
  return galleryPage(db, { viewerId: null, withAnalysis: true }, query);
}

async function galleryPage(
  db: Db,
  view: { viewerId: string | null; withAnalysis: boolean },
  query: GalleryQueryInput,
): Promise<Page<Creative>> {
  const filters = filtersOf(query);
  const conditions: (SQL | undefined)[] = [approved(), searchCondition(query.q)];
  for (const [key, values] of Object.entries(filters.categories) as [CategoryKey, string[]][]) {
    conditions.push(arrayOverlaps(CATEGORY_COLUMNS[key], values));
  }
  if (filters.isJuntoAngel) conditions.push(eq(creatives.isJuntoAngel, true));
  if (filters.testedAndApproved) conditions.push(eq(creatives.testedAndApproved, true));

  const byLikes = query.sort === 'likes';
  if (byLikes) {
    const cursor = decodeCursor(query.cursor, ['count', 'time', 'string']);
    if (cursor) {
      const [likes, createdAt, id] = cursor;
      conditions.push(sql`(${creatives.likes}, ${creatives.createdAt}, ${creatives.id}) < (${likes}, ${createdAt}, ${id})`);
    }
  } else {
    const cursor = decodeTimeCursor(query.cursor);
    if (cursor) conditions.push(sql`(${creatives.createdAt}, ${creatives.id}) < (${cursor.at}, ${cursor.id})`);
  }

  const order = byLikes
    ? [desc(creatives.likes), desc(creatives.createdAt), desc(creatives.id)]
    : [desc(creatives.createdAt), desc(creatives.id)];
  const rows = await selectCreatives(db, view.viewerId)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(PAGE_SIZE + 1);

  const keyOf = (r: CreativeRow) => {
    const base = [r.creative.createdAt.toISOString(), r.creative.id];
    return byLikes ? [r.creative.likes, ...base] : base;
  };
  return toPage(rows, PAGE_SIZE, keyOf, (r) => toCreative(r, view));
}

/** The viewer's liked approved creatives, most recently liked first. */
/** The favourites statement: the viewer's liked creatives, newest like first; optional search and cursor. */
const favoritesStatement = preparedVariants('favorites', (db, parts: { search: boolean; after: boolean }, name) =>
  db
    .select({ ...creativeSelection(true), likedAt: creativeLikes.createdAt })
    .from(creatives)
    .innerJoin(creativeLikes, and(eq(creativeLikes.creativeId, creatives.id), eq(creativeLikes.userId, sql.placeholder('viewerId'))))
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .leftJoin(user, eq(user.id, creatives.submittedBy))
    .where(
      and(
        approved(),
        parts.search ? sql`${creatives.searchText} like ${sql.placeholder('pattern')}` : undefined,
        parts.after ? afterTimeCursorPlaceholder(creativeLikes.createdAt, creativeLikes.creativeId) : undefined,
      ),
    )
    .orderBy(desc(creativeLikes.createdAt), desc(creativeLikes.creativeId))
    .limit(PAGE_SIZE + 1)
    .prepare(name),
);

export async function listFavorites(db: Db, viewer: User, query: { q?: string; cursor?: string }): Promise<Page<Creative>> {
  const cursor = decodeTimeCursor(query.cursor);
  const pattern = query.q ? searchPattern(query.q) : null;
  const rows = await favoritesStatement(db, { search: pattern !== null, after: cursor !== null }).execute({
    viewerId: viewer.id,
    pattern,
    ...timeCursorValues(cursor),
  });
  return toPage(
    rows,
    PAGE_SIZE,
    (r) => timeKey(r.likedAt, r.creative.id),
    (r) => toCreative(r, viewOf(viewer)),
  );
}

/** Home highlights: creative of the month (spec §4) and the featured creative. */
export async function getHighlights(db: Db, viewer: User | null, now = new Date()): Promise<Highlights> {
  const { start, end } = creativeOfMonthRule.window(now);
  const [month] = await selectCreatives(db, viewer?.id ?? null)
    .where(
      and(approved(), gte(creatives.likes, creativeOfMonthRule.minLikes), gte(creatives.createdAt, start), lt(creatives.createdAt, end)),
    )
    .orderBy(desc(creatives.likes), desc(creatives.createdAt), desc(creatives.id))
    .limit(1);
  const [featured] = await selectCreatives(db, viewer?.id ?? null)
    .where(and(approved(), eq(creatives.isFeatured, true)))
    .orderBy(desc(creatives.featuredAt))
    .limit(1);
  return {
    creativeOfMonth: month ? toCreative(month, viewOf(viewer)) : null,
    featured: featured ? toCreative(featured, viewOf(viewer)) : null,
  };
}
