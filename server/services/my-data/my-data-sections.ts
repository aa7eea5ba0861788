import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  MY_DATA_BATCH,
  type MyDataComment,
  type MyDataCommentLike,
  type MyDataFolderEntry,
  type MyDataLike,
  type MyDataSection,
  type MyDataShareLink,
  type MyDataSubmission,
  type MyDataNotification,
} from '@domain/my-data';
import { myDataNotification } from '@domain/notifications';
import type { Db } from '../../db/client';
import { commentLikes, comments, creativeLikes, creatives, folderCreatives, folderShares, folders, media } from '../../db/schema';
import { MEDIA_URL_PREFIX } from '../creatives/creative-row';
import { listNotifications } from '../notifications/notifications.service';
import { keysetRows, StreamedObject } from './json-stream';

export interface ExportContext {
  db: Db;
  userId: string;
  /** The site's address, for the absolute links of the file (media, share links). */
  publicUrl: string;
}

/** One list of the export: its key in the document and its items, read in keyset batches. */
export interface ExportSection {
  key: MyDataSection;
  items(ctx: ExportContext): AsyncIterable<unknown>;
}

type Key = [Date, string];
/** The rows past a keyset position: `(a, b) < key` newest first, `(a, b) > key` oldest first; none for the first batch. */
const before = (a: AnyColumn, b: AnyColumn, key: Key | null): SQL | undefined =>
  key ? sql`(${a}, ${b}) < (${key[0]}, ${key[1]})` : undefined;
const afterKey = (a: AnyColumn, b: AnyColumn, key: Key | null): SQL | undefined =>
  key ? sql`(${a}, ${b}) > (${key[0]}, ${key[1]})` : undefined;

/** A creative's name when the library shows it (approved), else null: another account's pending work stays theirs. */
const shownTitle = sql<string | null>`case when ${creatives.status} = 'approved' then ${creatives.name} end`;

const absolute = (ctx: ExportContext, path: string) => new URL(path, ctx.publicUrl).href;

const likes: ExportSection = {
  key: 'likes',
  items: async function* ({ db, userId }): AsyncGenerator<MyDataLike> {
    const rows = keysetRows(
      (after: Key | null, limit) =>
        db
          .select({ creativeId: creativeLikes.creativeId, title: shownTitle, likedAt: creativeLikes.createdAt })
          .from(creativeLikes)
          .innerJoin(creatives, eq(creatives.id, creativeLikes.creativeId))
          .where(and(eq(creativeLikes.userId, userId), before(creativeLikes.createdAt, creativeLikes.creativeId, after)))
          .orderBy(sql`${creativeLikes.createdAt} desc, ${creativeLikes.creativeId} desc`)
          .limit(limit),
      (r): Key => [r.likedAt, r.creativeId],
      MY_DATA_BATCH,
    );
    for await (const r of rows) yield { creativeId: r.creativeId, title: r.title ?? '', likedAt: r.likedAt.toISOString() };
  },
};

const commentLikesSection: ExportSection = {
  key: 'commentLikes',
  items: async function* ({ db, userId }): AsyncGenerator<MyDataCommentLike> {
    const rows = keysetRows(
      (after: Key | null, limit) =>
        db
          .select({ commentId: commentLikes.commentId, creativeId: comments.creativeId, likedAt: commentLikes.createdAt })
          .from(commentLikes)
          .innerJoin(comments, eq(comments.id, commentLikes.commentId))
          .where(and(eq(commentLikes.userId, userId), before(commentLikes.createdAt, commentLikes.commentId, after)))
          .orderBy(sql`${commentLikes.createdAt} desc, ${commentLikes.commentId} desc`)
          .limit(limit),
      (r): Key => [r.likedAt, r.commentId],
      MY_DATA_BATCH,
    );
    for await (const r of rows) yield { commentId: r.commentId, creativeId: r.creativeId, likedAt: r.likedAt.toISOString() };
  },
};

const commentsSection: ExportSection = {
  key: 'comments',
  items: async function* ({ db, userId }): AsyncGenerator<MyDataComment> {
    const rows = keysetRows(
      (after: Key | null, limit) =>
        db
          .select({
            id: comments.id,
            creativeId: comments.creativeId,
            creativeTitle: shownTitle,
            text: comments.text,
            createdAt: comments.createdAt,
            likes: comments.likes,
          })
          .from(comments)
          .innerJoin(creatives, eq(creatives.id, comments.creativeId))
          .where(and(eq(comments.userId, userId), before(comments.createdAt, comments.id, after)))
          .orderBy(sql`${comments.createdAt} desc, ${comments.id} desc`)
          .limit(limit),
      (r): Key => [r.createdAt, r.id],
      MY_DATA_BATCH,
    );
    for await (const r of rows) yield { ...r, creativeTitle: r.creativeTitle ?? '', createdAt: r.createdAt.toISOString() };
  },
};

function folderEntries({ db }: ExportContext, folderId: string): AsyncGenerator<MyDataFolderEntry> {
  return (async function* () {
    const rows = keysetRows(
      (after: Key | null, limit) =>
        db
          .select({
            creativeId: folderCreatives.creativeId,
            title: shownTitle,
            addedAt: folderCreatives.addedAt,
            note: folderCreatives.note,
          })
          .from(folderCreatives)
          .innerJoin(creatives, eq(creatives.id, folderCreatives.creativeId))
          .where(and(eq(folderCreatives.folderId, folderId), before(folderCreatives.addedAt, folderCreatives.creativeId, after)))
          .orderBy(sql`${folderCreatives.addedAt} desc, ${folderCreatives.creativeId} desc`)
          .limit(limit),
      (r): Key => [r.addedAt, r.creativeId],
      MY_DATA_BATCH,
    );
    for await (const r of rows) yield { creativeId: r.creativeId, title: r.title ?? '', addedAt: r.addedAt.toISOString(), note: r.note };
  })();
}

function folderShareLinks(ctx: ExportContext, folderId: string): AsyncGenerator<MyDataShareLink> {
  return (async function* () {
    // A folder has at most SHARES_PER_FOLDER_MAX links: one query.
    const rows = await ctx.db.select().from(folderShares).where(eq(folderShares.folderId, folderId)).orderBy(folderShares.createdAt);
    for (const r of rows) {
      yield {
        url: absolute(ctx, `/partage/${encodeURIComponent(r.token)}`),
        hasPassword: r.passwordHash !== null,
        expiresAt: r.expiresAt?.toISOString() ?? null,
        allowDownload: r.allowDownload,
        includeAnalysis: r.includeAnalysis,
        includeNotes: r.includeNotes,
        views: r.views,
        createdAt: r.createdAt.toISOString(),
      };
    }
  })();
}

const foldersSection: ExportSection = {
  key: 'folders',
  items: async function* (ctx): AsyncGenerator<StreamedObject> {
    const rows = keysetRows(
      (after: Key | null, limit) =>
        ctx.db
          .select({ id: folders.id, name: folders.name, createdAt: folders.createdAt })
          .from(folders)
          .where(and(eq(folders.userId, ctx.userId), afterKey(folders.createdAt, folders.id, after)))
          .orderBy(folders.createdAt, folders.id)
          .limit(limit),
      (r): Key => [r.createdAt, r.id],
      MY_DATA_BATCH,
    );
    for await (const f of rows) {
      yield new StreamedObject(
        { id: f.id, name: f.name, createdAt: f.createdAt.toISOString() },
        { creatives: () => folderEntries(ctx, f.id), shareLinks: () => folderShareLinks(ctx, f.id) },
      );
    }
  },
};

const submissions: ExportSection = {
  key: 'submissions',
  items: async function* (ctx): AsyncGenerator<MyDataSubmission> {
    const rows = keysetRows(
      (after: Key | null, limit) =>
        ctx.db
          .select({
            id: creatives.id,
            name: creatives.name,
            advertiser: creatives.advertiser,
            status: creatives.status,
            rejectionReason: creatives.rejectionReason,
            mediaType: creatives.mediaType,
            mediaName: media.name,
            image: creatives.image,
            createdAt: creatives.createdAt,
          })
          .from(creatives)
          .leftJoin(media, eq(media.id, creatives.mediaId))
          .where(and(eq(creatives.submittedBy, ctx.userId), before(creatives.createdAt, creatives.id, after)))
          .orderBy(sql`${creatives.createdAt} desc, ${creatives.id} desc`)
          .limit(limit),
      (r): Key => [r.createdAt, r.id],
      MY_DATA_BATCH,
    );
    for await (const r of rows) {
      yield {
        id: r.id,
        name: r.name,
        advertiser: r.advertiser,
        status: r.status,
        rejectionReason: r.rejectionReason,
        mediaType: r.mediaType,
        mediaUrl: r.mediaName ? absolute(ctx, `${MEDIA_URL_PREFIX}${r.mediaName}`) : r.image,
        createdAt: r.createdAt.toISOString(),
      };
    }
  },
};

/** The notification centre's list, newest first, through its own keyset pages (the panel's query). */
const notificationsSection: ExportSection = {
  key: 'notifications',
  items: async function* ({ db, userId }): AsyncGenerator<MyDataNotification> {
    let cursor: string | undefined;
    do {
      const page = await listNotifications(db, userId, { cursor });
      for (const n of page.items) yield myDataNotification(n);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
};

/**
 * The lists of "Exporter mes données", in the order of the file. A new kind of personal data is one
 * more entry here, with its key in domain/my-data.ts.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  likes,
  commentLikesSection,
  commentsSection,
  foldersSection,
  submissions,
  notificationsSection,
];
