import { and, desc, eq, sql } from 'drizzle-orm';
import { canViewCreative } from '@domain/creative-access';
import { AppError } from '@domain/errors';
import { COMMENTS_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Comment, LikeState, Page, User } from '@domain/types';
import type { Catalogue } from '../catalogue/catalogue';
import type { Db } from '../db/client';
import { preparedVariants } from '../db/prepared';
import { commentLikes, comments, creatives } from '../db/schema';
import type { Deps } from '../http/context';
import { notifyComment, notifyCommentLike, withdrawCommentLike, type Delivery } from './notifications/notify';
import { afterTimeCursorPlaceholder, decodeTimeCursor, timeCursorValues, timeKey, toPage } from './pagination';

type CommentRow = typeof comments.$inferSelect;

function toComment(row: CommentRow, likedByMe: boolean): Comment {
  return {
    id: row.id,
    creativeId: row.creativeId,
    userId: row.userId,
    userFirstName: row.userFirstName,
    userLastName: row.userLastName,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    likes: row.likes,
    likedByMe,
  };
}

async function requireVisibleCreative(db: Db, viewer: User | null, creativeId: string, approvedOnly = false) {
  const [row] = await db
    .select({ status: creatives.status, submittedBy: creatives.submittedBy })
    .from(creatives)
    .where(eq(creatives.id, creativeId))
    .limit(1);
  if (!row || !canViewCreative(row, viewer) || (approvedOnly && row.status !== 'approved')) {
    throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  }
  return row;
}

// Explicit aliases: drizzle leaves columns unqualified in single-table selects.
const likedByViewer = sql<boolean>`exists (select 1 from comment_likes cl where cl.comment_id = "comments"."id" and cl.user_id = ${sql.placeholder('viewerId')})`;

/** A page of a creative's comments, for a visitor or a viewer whose likes are marked, after a cursor or not. */
const commentsStatement = preparedVariants('comments', (db, parts: { viewer: boolean; after: boolean }, name) =>
  db
    .select({ comment: comments, likedByMe: parts.viewer ? likedByViewer : sql<boolean>`false` })
    .from(comments)
    .where(
      and(
        eq(comments.creativeId, sql.placeholder('creativeId')),
        parts.after ? afterTimeCursorPlaceholder(comments.createdAt, comments.id) : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1)
    .prepare(name),
);

/**
 * A page of a creative's comments, newest first (spec §7); keyset on (created_at, id), in
 * comments_creative_idx's order. An approved creative the catalogue engine holds is open to
 * everyone: no query to check it.
 */
export async function listComments(
  db: Db,
  viewer: User | null,
  creativeId: string,
  query: { cursor?: string } = {},
  catalogue: Catalogue | null = null,
): Promise<Page<Comment>> {
  const cursor = decodeTimeCursor(query.cursor);
  if (!(await catalogue?.holdsApproved(creativeId))) await requireVisibleCreative(db, viewer, creativeId);
  const rows = await commentsStatement(db, { viewer: viewer !== null, after: cursor !== null }).execute({
    creativeId,
    ...(viewer ? { viewerId: viewer.id } : {}),
    ...timeCursorValues(cursor),
  });
  return toPage(
    rows,
    COMMENTS_PAGE_SIZE,
    (r) => timeKey(r.comment.createdAt, r.comment.id),
    (r) => toComment(r.comment, Boolean(r.likedByMe)),
  );
}

/**
 * Adds a comment signed with the author's current name; the creative's counter moves with it, and
 * the creative's submitter is notified in the same transaction.
 */
export async function addComment(deps: Pick<Deps, 'db' | 'events'>, viewer: User, creativeId: string, text: string): Promise<Comment> {
  const creative = await requireVisibleCreative(deps.db, viewer, creativeId, true);
  const { comment, deliveries } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ creativeId, userId: viewer.id, userFirstName: viewer.firstName, userLastName: viewer.lastName, text })
      .returning();
    await tx
      .update(creatives)
      .set({ commentCount: sql`${creatives.commentCount} + 1` })
      .where(eq(creatives.id, creativeId));
    const deliveries = await notifyComment(tx, { id: creativeId, submittedBy: creative.submittedBy }, { id: row!.id, userId: viewer.id });
    return { comment: toComment(row!, false), deliveries };
  });
  await deps.events.notifier.deliver(deliveries);
  return comment;
}

/** Likes or unlikes a comment; its author's grouped like notification follows in the same transaction. */
export async function setCommentLike(
  deps: Pick<Deps, 'db' | 'events'>,
  viewer: User,
  commentId: string,
  liked: boolean,
): Promise<LikeState> {
  const [target] = await deps.db
    .select({ id: comments.id, creativeId: comments.creativeId, userId: comments.userId })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!target) throw new AppError('NOT_FOUND');
  const { state, deliveries } = await deps.db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(commentLikes).values({ commentId, userId: viewer.id }).onConflictDoNothing().returning()
      : await tx
          .delete(commentLikes)
          .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, viewer.id)))
          .returning();
    let deliveries: Delivery[] = [];
    if (changed.length > 0) {
      deliveries = liked ? await notifyCommentLike(tx, target, viewer.id) : await withdrawCommentLike(tx, target, viewer.id);
    }
    const [row] =
      changed.length > 0
        ? await tx
            .update(comments)
            .set({ likes: sql`${comments.likes} + ${liked ? 1 : -1}` })
            .where(eq(comments.id, commentId))
            .returning({ likes: comments.likes })
        : await tx.select({ likes: comments.likes }).from(comments).where(eq(comments.id, commentId));
    return { state: { likes: row?.likes ?? 0, liked }, deliveries };
  });
  await deps.events.notifier.deliver(deliveries);
  return state;
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(comments).where(eq(comments.id, commentId)).returning({ creativeId: comments.creativeId });
    if (!row) throw new AppError('NOT_FOUND');
    await tx
      .update(creatives)
      .set({ commentCount: sql`greatest(${creatives.commentCount} - 1, 0)` })
      .where(eq(creatives.id, row.creativeId));
  });
}
