import { and, arrayOverlaps, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { creativeOfMonthRule } from '@domain/creative-of-month';
import { filtersOf, type GalleryQueryInput } from '@domain/schemas/gallery';
import { PAGE_SIZE } from '@domain/limits';
import { can } from '@domain/permissions';
import type { Creative, Highlights, Page, User } from '@domain/types';
import type { CategoryKey } from '@domain/vocabulary';
import type { Catalogue } from '@server/catalogue/catalogue';
import { engineMatch, galleryPicks, type GalleryPosition } from '@server/catalogue/catalogue-views';
import type { Db } from '@server/db/client';
import { unguarded, type SqlGuard } from '@server/db/load-shedding';
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
import { creativeSelection, rowsById, selectCreatives, toCreative, type CreativeRow } from './creative-row';
import { searchedList, searchedTimeList, toSearchMode, engineQuery, type SearchMatch, type SearchMode } from './search';

const CATEGORY_COLUMNS: Record<CategoryKey, AnyPgColumn> = {
  format: creatives.formats,
  objective: creatives.objectives,
  type: creatives.types,
  sector: creatives.sectors,
  platform: creatives.platforms,
};

const approved = () => eq(creatives.status, 'approved');

const viewOf = (viewer: User | null) => ({ withAnalysis: can(viewer?.role, 'creative:read-analysis') });

type View = { viewerId: string | null; withAnalysis: boolean };

/**
 * Gallery page: approved creatives, filters (any-of within a group, all-of across), search, keyset cursor.
 * With the catalogue engine, the engine picks the page's creatives and their rows are read by id;
 * without it (or for what it does not answer: a substring spanning two words), SQL does both.
 */
export function listGallery(
  db: Db,
  viewer: User | null,
  query: GalleryQueryInput,
  catalogue: Catalogue | null = null,
  guard: SqlGuard = unguarded,
): Promise<Page<Creative>> {
  return galleryPage(db, catalogue, guard, { viewerId: viewer?.id ?? null, ...viewOf(viewer) }, query);
}

/**
 * The gallery page every signed-in member sees alike (they all may read the analysis), before the
 * viewer's own likes are marked (`likedByMe` false): shareable between members, see
 * server/cache/member-views.ts.
 */
export function listGalleryForMembers(
  db: Db,
  query: GalleryQueryInput,
  catalogue: Catalogue | null = null,
  guard: SqlGuard = unguarded,
): Promise<Page<Creative>> {
  return galleryPage(db, catalogue, guard, { viewerId: null, withAnalysis: true }, query);
}

type GallerySortKey = GalleryQueryInput['sort'];

/** The parts of each sort's keyset cursor (a searched list's cursor starts with its search mode). */
const SORT_KEYS = {
  recent: ['time', 'string'],
  likes: ['count', 'time', 'string'],
  // The relevance tier (search.ts), then newest first within it.
  relevance: ['count', 'time', 'string'],
} as const satisfies Record<GallerySortKey, readonly KeyPart[]>;

interface GalleryCursor {
  mode: SearchMode | null;
  key: (string | number | Date)[];
}

/** The cursor key of a gallery row, as decodeGalleryCursor reads it back: the search mode first when searched. */
function galleryKey(sort: GallerySortKey, match: SearchMatch | null, r: CreativeRow, tier: number): CursorKey {
  const at = r.creative.createdAt.toISOString();
  const key =
    sort === 'likes' ? [r.creative.likes, at, r.creative.id] : sort === 'relevance' ? [tier, at, r.creative.id] : [at, r.creative.id];
  return match ? [match.mode, ...key] : key;
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

/**
 * A page from the engine, or from SQL where the engine does not answer (a substring spanning two words): only that
 * SQL takes one of the expensive reads' slots (`guard`); the engine's pages read a page of rows by id.
 */
async function galleryPage(
  db: Db,
  catalogue: Catalogue | null,
  guard: SqlGuard,
  view: View,
  query: GalleryQueryInput,
): Promise<Page<Creative>> {
  const searched = Boolean(query.q);
  const cursor = decodeGalleryCursor(query.cursor, query.sort, searched);
  return searchedList(
    db,
    query.q,
    view.withAnalysis,
    cursor?.mode ?? null,
    async (match) =>
      (catalogue && (await cataloguePage(db, catalogue, view, query, match, cursor))) ??
      guard(() => galleryRows(db, view, query, match, cursor)),
  );
}

/** Where a page of `sort` continues, from its decoded cursor (search.ts's mode already taken off). */
function positionOf(sort: GallerySortKey, cursor: GalleryCursor | null): GalleryPosition {
  const key = cursor?.key;
  if (sort === 'likes') return { sort, after: key ? { likes: key[0] as number, at: key[1] as Date, id: key[2] as string } : null };
  if (sort === 'relevance') return { sort, after: key ? { tier: key[0] as number, at: key[1] as Date, id: key[2] as string } : null };
  return { sort, after: key ? { at: key[0] as Date, id: key[1] as string } : null };
}

/**
 * A gallery page whose creatives the catalogue engine picks (server/catalogue/), their rows read by
 * id; null when the engine does not answer this match (a substring spanning two words).
 */
async function cataloguePage(
  db: Db,
  catalogue: Catalogue,
  view: View,
  query: GalleryQueryInput,
  match: SearchMatch | null,
  cursor: GalleryCursor | null,
): Promise<Page<Creative> | null> {
  const found = await engineMatch(catalogue, match ? engineQuery(match) : undefined);
  if (!found) return null;
  const picks = galleryPicks(found, view.withAnalysis, filtersOf(query), positionOf(query.sort, cursor), PAGE_SIZE + 1);
  const rows = await rowsById(
    db,
    view.viewerId,
    picks.map((p) => p.id),
  );
  const ranked = picks.flatMap((p) => {
    const row = rows.get(p.id);
    return row ? [{ ...row, tier: p.tier }] : [];
  });
  return toPage(
    ranked,
    PAGE_SIZE,
    (r) => galleryKey(query.sort, match, r, r.tier),
    (r) => toCreative(r, view),
  );
}

/** The filter conditions of a gallery query: any of the values within a group, all groups and flags. */
export function galleryFilterConditions(query: GalleryQueryInput): SQL[] {
  const filters = filtersOf(query);
  const conditions: SQL[] = [];
  for (const [key, values] of Object.entries(filters.categories) as [CategoryKey, string[]][]) {
    conditions.push(arrayOverlaps(CATEGORY_COLUMNS[key], values));
  }
  if (filters.media?.shape) conditions.push(inArray(creatives.shape, filters.media.shape));
  if (filters.media?.length) conditions.push(inArray(creatives.lengthClass, filters.media.length));
  if (filters.isJuntoAngel) conditions.push(eq(creatives.isJuntoAngel, true));
  if (filters.testedAndApproved) conditions.push(eq(creatives.testedAndApproved, true));
  return conditions;
}

/** A gallery page read in one query (no search, or sorted by date or likes), or tier by tier (relevance). */
async function galleryRows(db: Db, view: View, query: GalleryQueryInput, match: SearchMatch | null, cursor: GalleryCursor | null) {
  if (query.sort === 'relevance' && match) return relevancePage(db, view, query, match, cursor);
  const columns = query.sort === 'likes' ? [creatives.likes, creatives.createdAt, creatives.id] : [creatives.createdAt, creatives.id];
  const after = cursor
    ? sql`(${sql.join(columns, sql`, `)}) < (${sql.join(
        cursor.key.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : undefined;
  // A search matching few creatives: sorting them is cheap, while walking the sort's index in the hope
  // of meeting them soon reads the whole index (the planner cannot tell that a word's prefix is rare).
  // The sort keys as expressions keep it on the full-text index.
  const few = match ? await matchesAtMost(db, and(match.where, approved(), ...galleryFilterConditions(query)), RANKED_AT_ONCE) : false;
  const rows = await selectCreatives(db, view.viewerId)
    .where(and(approved(), match?.where, ...galleryFilterConditions(query), after))
    .orderBy(...(few ? unindexedOrder(query.sort) : columns.map((c) => desc(c))))
    .limit(PAGE_SIZE + 1);
  // Sorted by relevance only through relevancePage: a page here is by date or likes.
  return toPage(
    rows,
    PAGE_SIZE,
    (r) => galleryKey(query.sort === 'likes' ? 'likes' : 'recent', match, r, 0),
    (r) => toCreative(r, view),
  );
}

/** Up to this many matches, a searched page sorts them all in one query; past it, it walks an index. */
const RANKED_AT_ONCE = 1000;

/** The order of a sort written so that no index can give it (`+ 0`): the planner filters first, then sorts. */
function unindexedOrder(sort: GallerySortKey): SQL[] {
  const time = sql`${creatives.createdAt} + interval '0 seconds' desc`;
  const id = sql`${creatives.id} || '' desc`;
  return sort === 'likes' ? [sql`${creatives.likes} + 0 desc`, time, id] : [time, id];
}

/** Whether at most `bound` approved creatives satisfy `where` (counted with a bound, so never more than bound + 1 rows). */
async function matchesAtMost(db: Db, where: SQL | undefined, bound: number): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(creatives)
      .where(where)
      .limit(bound + 1)
      .as('bounded'),
  );
  return Number(row?.n ?? 0) <= bound;
}

/**
 * Relevance: tier first (search.ts), then newest first. A term matching few creatives (≤ 1,000 with the
 * filters, counted with a bound) has them all ranked in one query, which the full-text index answers;
 * a common one is listed newest first, which the recent index answers (ranking tens of thousands of
 * rows read them all: seconds at 1M, docs/benchmarks.md). The cursor holds the tier, time and id.
 */
async function relevancePage(db: Db, view: View, query: GalleryQueryInput, match: SearchMatch, cursor: GalleryCursor | null) {
  const [fromTier, at, id] = cursor ? (cursor.key as [number, Date, string]) : [0, null, null];
  const filters = [approved(), ...galleryFilterConditions(query)];
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(creatives)
      .where(and(match.where, ...filters))
      .limit(RANKED_AT_ONCE + 1)
      .as('bounded'),
  );
  const rows: (CreativeRow & { tier: number })[] = [];
  if (n <= RANKED_AT_ONCE) {
    const tier = sql<number>`(case ${sql.join(
      match.tiers.map((t, i) => sql`when ${t} then ${sql.raw(String(i))}`),
      sql` `,
    )} else ${sql.raw(String(match.tiers.length))} end)`;
    const after =
      at && id
        ? sql`(${tier} > ${fromTier} or (${tier} = ${fromTier} and (${creatives.createdAt}, ${creatives.id}) < (${at}, ${id})))`
        : undefined;
    const ranked = await db
      .select({ ...creativeSelection(view.viewerId), tier })
      .from(creatives)
      .leftJoin(media, eq(media.id, creatives.mediaId))
      .leftJoin(user, eq(user.id, creatives.submittedBy))
      .where(and(match.where, ...filters, after))
      .orderBy(tier, desc(creatives.createdAt), desc(creatives.id))
      .limit(PAGE_SIZE + 1);
    rows.push(...ranked.map((r) => ({ ...r, tier: Number(r.tier) })));
  } else {
    // Past the bound, ranking every match would read them all: the page is newest first (one tier).
    const after = at && id ? sql`(${creatives.createdAt}, ${creatives.id}) < (${at}, ${id})` : undefined;
    const newest = await selectCreatives(db, view.viewerId)
      .where(and(match.where, ...filters, after))
      .orderBy(desc(creatives.createdAt), desc(creatives.id))
      .limit(PAGE_SIZE + 1);
    rows.push(...newest.map((r) => ({ ...r, tier: 0 })));
  }
  return toPage(
    rows,
    PAGE_SIZE,
    (r) => galleryKey('relevance', match, r, r.tier),
    (r) => toCreative(r, view),
  );
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
export async function listFavorites(db: Db, viewer: User, query: { q?: string; cursor?: string }): Promise<Page<Creative>> {
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
