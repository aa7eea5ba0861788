import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { FOLDER_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import type { Folder, FolderCreative, Page, User } from '@domain/types';
import type { Db } from '../db/client';
import { creatives, folderCreatives, folders, media, user } from '../db/schema';
import { searchedTimeList } from './creatives/search';
import { categoriesOf, creativeSelection, toCreative } from './creatives/creative-row';
import { checkZipFits, type ZipCreative } from './creatives-zip';
import { afterTimeCursor, decodeTimeCursor, timeKey, toPage, type TimeCursor } from './pagination';

/**
 * Ids of the folder's approved creatives, most recently added first (a folder shows only approved
 * creatives, spec §2). Written with explicit aliases: drizzle leaves columns unqualified in
 * single-table selects, which a correlated subquery cannot afford.
 */
const approvedIds = sql<string[]>`coalesce(
  (select array_agg(fc.creative_id order by fc.added_at desc)
     from folder_creatives fc join creatives c on c.id = fc.creative_id
    where fc.folder_id = "folders"."id" and c.status = 'approved'),
  '{}'::text[])`;

function toFolder(row: { id: string; name: string; createdAt: Date; creativeIds: string[] }): Folder {
  return { id: row.id, name: row.name, creativeIds: row.creativeIds ?? [], createdAt: row.createdAt.toISOString() };
}

const folderColumns = { id: folders.id, name: folders.name, createdAt: folders.createdAt, creativeIds: approvedIds };

export async function listFolders(db: Db, viewer: User): Promise<Folder[]> {
  const rows = await db.select(folderColumns).from(folders).where(eq(folders.userId, viewer.id)).orderBy(asc(folders.createdAt));
  return rows.map(toFolder);
}

/** The viewer's folder, or 404: another user's folder is not found, not forbidden. */
export async function ownFolder(db: Db, viewer: User, id: string): Promise<Folder> {
  const [row] = await db
    .select(folderColumns)
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.userId, viewer.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: MSG.folderNotFound });
  return toFolder(row);
}

export async function createFolder(db: Db, viewer: User, name: string): Promise<Folder> {
  const [row] = await db.insert(folders).values({ userId: viewer.id, name }).returning();
  return toFolder({ ...row!, creativeIds: [] });
}

export async function renameFolder(db: Db, viewer: User, id: string, name: string): Promise<Folder> {
  await ownFolder(db, viewer, id);
  await db.update(folders).set({ name }).where(eq(folders.id, id));
  return ownFolder(db, viewer, id);
}

export async function deleteFolder(db: Db, viewer: User, id: string): Promise<void> {
  await ownFolder(db, viewer, id);
  await db.delete(folders).where(eq(folders.id, id));
}

/** Who reads a folder's page: the viewer's likes, and what the page may carry beyond the card. */
export interface FolderPageReader {
  /** The signed-in viewer's id for likedByMe; null for a visitor of a share link. */
  likedBy: string | null;
  withAnalysis: boolean;
  withNotes: boolean;
}

/**
 * A page of a folder's approved creatives, most recently added first, with the top-bar search;
 * keyset on (added_at, creative_id), in folder_creatives_recent_idx's order. Creatives deleted or
 * no longer approved are left out when read (a share link shows the folder as it is now).
 */
export async function folderCreativesPage(
  db: Db,
  folderId: string,
  query: { q?: string; cursor?: string },
  reader: FolderPageReader,
): Promise<Page<FolderCreative>> {
  const { withAnalysis, withNotes } = reader;
  const fetch = (where: SQL | undefined, after: TimeCursor | null) =>
    db
      .select({ ...creativeSelection(reader.likedBy), addedAt: folderCreatives.addedAt, note: folderCreatives.note })
      .from(folderCreatives)
      .innerJoin(creatives, eq(creatives.id, folderCreatives.creativeId))
      .leftJoin(media, eq(media.id, creatives.mediaId))
      .leftJoin(user, eq(user.id, creatives.submittedBy))
      .where(
        and(
          eq(folderCreatives.folderId, folderId),
          afterTimeCursor(folderCreatives.addedAt, folderCreatives.creativeId, after),
          eq(creatives.status, 'approved'),
          where,
        ),
      )
      .orderBy(desc(folderCreatives.addedAt), desc(folderCreatives.creativeId))
      .limit(FOLDER_PAGE_SIZE + 1);
  const keyOf = <R extends { addedAt: Date; creative: { id: string } }>(r: R) => ({ at: r.addedAt, id: r.creative.id });
  const toShown = (r: Parameters<typeof toCreative>[0] & { note: string | null }): FolderCreative => {
    const creative = toCreative(r, { withAnalysis });
    return withNotes ? { ...creative, note: r.note } : creative;
  };
  if (query.q) {
    return searchedTimeList(db, { q: query.q, cursor: query.cursor, withAnalysis, limit: FOLDER_PAGE_SIZE }, fetch, keyOf, toShown);
  }
  const rows = await fetch(undefined, decodeTimeCursor(query.cursor));
  return toPage(rows, FOLDER_PAGE_SIZE, (r) => timeKey(keyOf(r).at, keyOf(r).id), toShown);
}

/** The owner's page of a folder (with their notes); another user's folder is 404. */
export async function listFolderCreatives(
  db: Db,
  viewer: User,
  id: string,
  query: { q?: string; cursor?: string } = {},
): Promise<Page<FolderCreative>> {
  await ownFolder(db, viewer, id);
  return folderCreativesPage(db, id, query, {
    likedBy: viewer.id,
    withAnalysis: can(viewer.role, 'creative:read-analysis'),
    withNotes: true,
  });
}

/** Sets (or, empty, removes) the owner's note on a creative of their folder; 404 when it is not in it. */
export async function setFolderNote(db: Db, viewer: User, id: string, creativeId: string, note: string): Promise<{ note: string | null }> {
  await ownFolder(db, viewer, id);
  const [row] = await db
    .update(folderCreatives)
    .set({ note: note === '' ? null : note })
    .where(and(eq(folderCreatives.folderId, id), eq(folderCreatives.creativeId, creativeId)))
    .returning({ note: folderCreatives.note });
  if (!row) throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  return { note: row.note };
}

/** Adds a creative (idempotent). Only approved creatives can be filed. */
export async function addToFolder(db: Db, viewer: User, id: string, creativeId: string): Promise<Folder> {
  await ownFolder(db, viewer, id);
  const [creative] = await db.select({ status: creatives.status }).from(creatives).where(eq(creatives.id, creativeId));
  if (!creative || creative.status !== 'approved') throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  await db.insert(folderCreatives).values({ folderId: id, creativeId }).onConflictDoNothing();
  return ownFolder(db, viewer, id);
}

/** Removes a creative (idempotent). */
export async function removeFromFolder(db: Db, viewer: User, id: string, creativeId: string): Promise<Folder> {
  await ownFolder(db, viewer, id);
  await db.delete(folderCreatives).where(and(eq(folderCreatives.folderId, id), eq(folderCreatives.creativeId, creativeId)));
  return ownFolder(db, viewer, id);
}

/**
 * What the folder's ZIP holds (GET /api/folders/:id/zip): the creatives its page shows — approved
 * ones, most recently added first — with their stored originals; refused before the first byte
 * when the archive could not be written (checkZipFits).
 */
export async function folderZipContents(db: Db, viewer: User, id: string): Promise<{ folder: Folder; creatives: ZipCreative[] }> {
  const folder = await ownFolder(db, viewer, id);
  return { folder, creatives: await zipContentsOf(db, id) };
}

/** What the ZIP of folder `id` holds: its approved creatives, most recently added first (PAYLOAD_TOO_LARGE past the caps). */
export async function zipContentsOf(db: Db, id: string): Promise<ZipCreative[]> {
  const rows = await db
    .select({
      creative: {
        name: creatives.name,
        advertiser: creatives.advertiser,
        formats: creatives.formats,
        objectives: creatives.objectives,
        types: creatives.types,
        sectors: creatives.sectors,
        platforms: creatives.platforms,
      },
      mediaName: media.name,
      contentType: media.contentType,
      size: media.size,
    })
    .from(folderCreatives)
    .innerJoin(creatives, eq(creatives.id, folderCreatives.creativeId))
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .where(and(eq(folderCreatives.folderId, id), eq(creatives.status, 'approved')))
    .orderBy(desc(folderCreatives.addedAt), desc(folderCreatives.creativeId));
  const contents = rows.map(({ creative, mediaName, contentType, size }) => ({
    name: creative.name,
    advertiser: creative.advertiser,
    ...categoriesOf(creative),
    mediaName,
    contentType,
    size,
  }));
  checkZipFits(contents);
  return contents;
}
