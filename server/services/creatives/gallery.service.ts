import { and, arrayOverlaps, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { creativeOfMonthRule } from '@domain/creative-of-month';
import { filtersOf, type GalleryQueryInput } from '@domain/schemas/gallery';
import { PAGE_SIZE } from '@domain/limits';
import { can } from '@domain/permissions';
import type { Creative, Highlights, Page, User } from '@domain/types';
import type { CategoryKey } from '@domain/vocabulary';
import type { Db } from '@server/db/client';
import { preparedVariants } from '@server/db/prepared';
import { creativeLikes, creatives, media, user } from '@server/db/schema';
import {
  afterTimeCursor,
  afterTimeCursorPlaceholder,
  decodeCursor,
  decodeTimeCursor,
  timeCursorValues,
  timeKey,
  toPage,
  type CursorKey,
  type KeyPart,
} from '../pagination';
import { creativeSelection, selectCreatives, toCreative } from './creative-row';
import { searchedList, searchedTimeList, toSearchMode, type SearchedPage, type SearchMatch, type SearchMode } from './search';

const CATEGORY_COLUMNS: Record<CategoryKey, AnyPgColumn> = {
  format: creatives.formats,
  objective: creatives.objectives,
  type: creatives.types,
  sector: creatives.sectors,
  platform: creatives.platforms,
};

const approved = () => eq(creatives.status, 'approved');

const viewOf = (viewer: User | null) => ({ withAnalysis: can(viewer?.role, 'creative:read-analysis') });

/** Gallery page: approved creatives, filters (any-of within a group, all-of across), search, keyset cursor. */
export function listGallery(db: Db, viewer: User | null, query: GalleryQueryInput): Promise<SearchedPage<Creative>> {
  return galleryPage(db, { viewerId: viewer?.id ?? null, ...viewOf(viewer) }, query);
}

/**
 * The gallery page every signed-in member sees alike (they all may read the analysis), before the
 * viewer's own likes are marked (`likedByMe` false): shareable between members, see
 * server/http/member-gallery.ts.
 */
export function listGalleryForMembers(db: Db, query: GalleryQueryInput): Promise<SearchedPage<Creative>> {
  return galleryPage(db, { viewerId: null, withAnalysis: true }, query);
}

type GallerySortKey = GalleryQueryInput['sort'];

/** The parts of each sort's keyset cursor (a searched list's cursor starts with its search mode). */
const SORT_KEYS = {
  recent: ['time', 'string'],
  likes: ['count', 'time', 'string'],
  relevance: ['score', 'time', 'string'],
} as const satisfies Record<GallerySortKey, readonly KeyPart[]>;

interface GalleryCursor {
  mode: SearchMode | null;
  key: (string | number | Date)[];
}

function decodeGalleryCursor(cursor: string | undefined, sort: GallerySortKey, searched: boolean): GalleryCursor | null {
  if (!searched) {
    const key = decodeCursor(cursor, SORT_KEYS[sort]);
    return key && { mode: null, key };
  }
  const key = decodeCursor(cursor, ['string', ...SORT_KEYS[sort]]);
  if (!key) return null;
  const [mode, ...rest] = key;
  return { mode: toSearchMode(mode), key: rest };
}

async function galleryPage(
  db: Db,
  view: { viewerId: string | null; withAnalysis: boolean },
  query: GalleryQueryInput,
): Promise<SearchedPage<Creative>> {
  const searched = Boolean(query.q);
  const cursor = decodeGalleryCursor(query.cursor, query.sort, searched);
  return searchedList(db, query.q, view.withAnalysis, cursor?.mode ?? null, (match) => galleryRows(db, view, query, match, cursor));
}

/** The filter conditions of a gallery query: any of the values within a group, all groups and flags. */
export function galleryFilterConditions(query: GalleryQueryInput): SQL[] {
  const filters = filtersOf(query);
  const conditions: SQL[] = [];
  for (const [key, values] of Object.entries(filters.categories) as [CategoryKey, string[]][]) {
    conditions.push(arrayOverlaps(CATEGORY_COLUMNS[key], values));
  }
  if (filters.isJuntoAngel) conditions.push(eq(creatives.isJuntoAngel, true));
  if (filters.testedAndApproved) conditions.push(eq(creatives.testedAndApproved, true));
  return conditions;
}

async function galleryRows(
  db: Db,
  view: { viewerId: string | null; withAnalysis: boolean },
  query: GalleryQueryInput,
  match: SearchMatch | null,
  cursor: GalleryCursor | null,
): Promise<Page<Creative>> {
  const rank = match?.rank ?? sql<number>`0::real`;
  const sortColumns = {
    recent: [creatives.createdAt, creatives.id],
    likes: [creatives.likes, creatives.createdAt, creatives.id],
    relevance: [rank, creatives.createdAt, creatives.id],
  }[query.sort];
  const conditions: (SQL | undefined)[] = [approved(), match?.where, ...galleryFilterConditions(query)];
  if (cursor) {
    const values = cursor.key.map((v, i) => (query.sort === 'relevance' && i === 0 ? sql`${v}::real` : sql`${v}`));
    conditions.push(sql`(${sql.join(sortColumns, sql`, `)}) < (${sql.join(values, sql`, `)})`);
  }
  const rows = await db
    .select({ ...creativeSelection(view.viewerId), rank })
    .from(creatives)
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .leftJoin(user, eq(user.id, creatives.submittedBy))
    .where(and(...conditions))
    .orderBy(...sortColumns.map((c) => sql`${c} desc`))
    .limit(PAGE_SIZE + 1);

  const keyOf = (r: (typeof rows)[number]): CursorKey => {
    const base = [r.creative.createdAt.toISOString(), r.creative.id];
    const key = query.sort === 'likes' ? [r.creative.likes, ...base] : query.sort === 'relevance' ? [Number(r.rank), ...base] : base;
    return match ? [match.mode, ...key] : key;
  };
  return toPage(rows, PAGE_SIZE, keyOf, (r) => toCreative(r, view));
}

/** The favourites statement: the viewer's liked creatives, newest like first, after the cursor if any. */
const favoritesStatement = preparedVariants('favorites', (db, parts: { after: boolean }, name) =>
  favoritesQuery(
    db,
    parts.after ? afterTimeCursorPlaceholder(creativeLikes.createdAt, creativeLikes.creativeId) : undefined,
    sql.placeholder('viewerId'),
  )
    .limit(PAGE_SIZE + 1)
    .prepare(name),
);

function favoritesQuery(db: Db, condition: SQL | undefined, viewerId: string | Placeholder) {
  return db
    .select({ ...creativeSelection(true), likedAt: creativeLikes.createdAt })
    .from(creatives)
    .innerJoin(creativeLikes, and(eq(creativeLikes.creativeId, creatives.id), eq(creativeLikes.userId, viewerId)))
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .leftJoin(user, eq(user.id, creatives.submittedBy))
    .where(and(approved(), condition))
    .orderBy(desc(creativeLikes.createdAt), desc(creativeLikes.creativeId));
}

/** The viewer's liked approved creatives, newest like first; the search of the gallery (search.ts) narrows them. */
export async function listFavorites(db: Db, viewer: User, query: { q?: string; cursor?: string }): Promise<SearchedPage<Creative>> {
  const view = viewOf(viewer);
  const keyOf = <R extends { likedAt: Date; creative: { id: string } }>(r: R) => ({ at: r.likedAt, id: r.creative.id });
  const toShown = (r: Parameters<typeof toCreative>[0]) => toCreative(r, view);
  if (query.q) {
    return searchedTimeList(
      db,
      { q: query.q, cursor: query.cursor, withAnalysis: view.withAnalysis, limit: PAGE_SIZE },
      (where, after) =>
        favoritesQuery(db, and(where, afterTimeCursor(creativeLikes.createdAt, creativeLikes.creativeId, after)), viewer.id).limit(
          PAGE_SIZE + 1,
        ),
      keyOf,
      toShown,
    );
  }
  const cursor = decodeTimeCursor(query.cursor);
  const rows = await favoritesStatement(db, { after: cursor !== null }).execute({ viewerId: viewer.id, ...timeCursorValues(cursor) });
  return toPage(rows, PAGE_SIZE, (r) => timeKey(keyOf(r).at, keyOf(r).id), toShown);
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
