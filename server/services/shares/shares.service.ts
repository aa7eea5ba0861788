import crypto from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import type { ShareInput } from '@domain/schemas/share';
import { isShareExpired, SHARE_TOKEN_BYTES, SHARES_PER_FOLDER_MAX } from '@domain/shares';
import type { FolderCreative, FolderShare, Page, SharedFolderPage, User } from '@domain/types';
import type { Db } from '../../db/client';
import { creatives, folderCreatives, folderShares, folders, media, user } from '../../db/schema';
import { creativeSelection, toCreative } from '../creatives/creative-row';
import type { ZipCreative } from '../creatives-zip';
import { folderCreativesPage, ownFolder, zipContentsOf } from '../folders.service';
import { hashSharePassword, verifySharePassword } from './share-password';

type ShareRow = typeof folderShares.$inferSelect;

function toShare(row: ShareRow, now = new Date()): FolderShare {
  return {
    id: row.id,
    token: row.token,
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isShareExpired(row.expiresAt, now),
    allowDownload: row.allowDownload,
    includeAnalysis: row.includeAnalysis,
    includeNotes: row.includeNotes,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
  };
}

/* ── The owner's side ─────────────────────────────────────────────────────────────────────── */

export async function listShares(db: Db, viewer: User, folderId: string): Promise<FolderShare[]> {
  await ownFolder(db, viewer, folderId);
  const rows = await db.select().from(folderShares).where(eq(folderShares.folderId, folderId)).orderBy(asc(folderShares.createdAt));
  return rows.map((row) => toShare(row));
}

export async function createShare(db: Db, viewer: User, folderId: string, input: ShareInput): Promise<FolderShare> {
  await ownFolder(db, viewer, folderId);
  const [existing] = await db.select({ n: count() }).from(folderShares).where(eq(folderShares.folderId, folderId));
  if ((existing?.n ?? 0) >= SHARES_PER_FOLDER_MAX) {
    throw new AppError('CONFLICT', { message: MSG.tooManyItems(SHARES_PER_FOLDER_MAX) });
  }
  const [row] = await db
    .insert(folderShares)
    .values({
      folderId,
      token: crypto.randomBytes(SHARE_TOKEN_BYTES).toString('base64url'),
      passwordHash: input.password ? await hashSharePassword(input.password) : null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      allowDownload: input.allowDownload ?? false,
      includeAnalysis: input.includeAnalysis ?? false,
      includeNotes: input.includeNotes ?? false,
    })
    .returning();
  return toShare(row!);
}

/** Revoking deletes the link: its token then answers like one never made. */
export async function revokeShare(db: Db, viewer: User, folderId: string, shareId: string): Promise<void> {
  await ownFolder(db, viewer, folderId);
  const deleted = await db
    .delete(folderShares)
    .where(and(eq(folderShares.id, shareId), eq(folderShares.folderId, folderId)))
    .returning({ id: folderShares.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: MSG.shareNotFound });
}

/* ── The visitor's side ───────────────────────────────────────────────────────────────────── */

/** A link that works now, with its folder's name: unknown or revoked → 404, expired → 410. */
export interface OpenShare {
  row: ShareRow;
  folderName: string;
}

export async function openShare(db: Db, token: string): Promise<OpenShare> {
  const [found] = await db
    .select({ row: folderShares, folderName: folders.name })
    .from(folderShares)
    .innerJoin(folders, eq(folders.id, folderShares.folderId))
    .where(eq(folderShares.token, token))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', { message: MSG.shareNotFound });
  if (isShareExpired(found.row.expiresAt)) throw new AppError('GONE', { message: MSG.shareExpired });
  return found;
}

/** Whether `password` opens the link (a link without one needs none). */
export async function checkSharePassword(share: OpenShare, password: string): Promise<boolean> {
  return share.row.passwordHash === null || verifySharePassword(password, share.row.passwordHash);
}

/** What a visitor may see of a creative: never who submitted it; the analysis only when the link includes it. */
function forVisitor(creative: FolderCreative, row: ShareRow): FolderCreative {
  return {
    ...creative,
    submittedBy: null,
    submitter: null,
    likedByMe: false,
    ...(row.includeAnalysis ? {} : { analysis: null, analysisPreview: [], analyzedBy: null, rating: null }),
  };
}

/** A page of the shared folder; `countView`: this opening adds one to the link's views (the route decides, once a day per visitor). */
export async function sharedFolderPage(
  db: Db,
  share: OpenShare,
  cursor: string | undefined,
  { countView }: { countView: boolean },
): Promise<SharedFolderPage> {
  const { row } = share;
  const page: Page<FolderCreative> = await folderCreativesPage(
    db,
    row.folderId,
    { cursor },
    { likedBy: null, withAnalysis: row.includeAnalysis, withNotes: row.includeNotes },
  );
  if (countView)
    await db
      .update(folderShares)
      .set({ views: sql`${folderShares.views} + 1` })
      .where(eq(folderShares.id, row.id));
  return {
    folder: {
      name: share.folderName,
      allowDownload: row.allowDownload,
      includeAnalysis: row.includeAnalysis,
      includeNotes: row.includeNotes,
    },
    items: page.items.map((c) => forVisitor(c, row)),
    nextCursor: page.nextCursor,
  };
}

/** One creative of the shared folder: 404 unless it is in that folder and approved. */
export async function sharedCreative(db: Db, share: OpenShare, creativeId: string): Promise<FolderCreative> {
  const [found] = await db
    .select({ ...creativeSelection(null), note: folderCreatives.note })
    .from(creatives)
    .innerJoin(folderCreatives, and(eq(folderCreatives.creativeId, creatives.id), eq(folderCreatives.folderId, share.row.folderId)))
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .leftJoin(user, eq(user.id, creatives.submittedBy))
    .where(and(eq(creatives.id, creativeId), eq(creatives.status, 'approved')))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  const creative = toCreative(found, { withAnalysis: share.row.includeAnalysis });
  const withNote = share.row.includeNotes ? { ...creative, note: found.note } : creative;
  return forVisitor(withNote, share.row);
}

function checkDownloadAllowed(share: OpenShare): void {
  if (!share.row.allowDownload) throw new AppError('FORBIDDEN', { message: MSG.shareDownloadNotAllowed });
}

/** The original of a shared creative, when the link allows downloads. */
export async function sharedDownload(db: Db, share: OpenShare, creativeId: string) {
  checkDownloadAllowed(share);
  const creative = await sharedCreative(db, share, creativeId);
  const [file] = await db
    .select({ mediaName: media.name, contentType: media.contentType })
    .from(creatives)
    .innerJoin(media, eq(media.id, creatives.mediaId))
    .where(eq(creatives.id, creativeId))
    .limit(1);
  if (!file) throw new AppError('NOT_FOUND', { message: MSG.mediaUnavailable });
  return { name: creative.name, mediaName: file.mediaName, contentType: file.contentType };
}

/** What the shared folder's ZIP holds (the owner's folder ZIP, approved creatives only), when the link allows downloads. */
export async function sharedZipContents(db: Db, share: OpenShare): Promise<ZipCreative[]> {
  checkDownloadAllowed(share);
  return zipContentsOf(db, share.row.folderId);
}
