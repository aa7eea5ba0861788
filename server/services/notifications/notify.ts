import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { NotificationType } from '@domain/notifications';
import type { Db } from '@server/db/client';
import { notifications, user } from '@server/db/schema';

/**
 * The triggers of the notification centre: each runs inside the transaction of its action (so a
 * notification exists exactly when the action happened) and returns what it wrote, for
 * `Notifier.deliver` to push live and mail once the transaction has committed.
 */
export interface Delivery {
  /** The recipient. */
  userId: string;
  /** The notification written or changed; null when it was removed (the last like withdrawn). */
  id: string | null;
  type: NotificationType;
}

const STAFF_ROLES = ['specialist', 'admin'];

/** A decision on a creative for its submitter: approved, rejected (with the reason) or featured; none for the staff's own. */
export async function notifySubmitter(
  tx: Db,
  creative: { id: string; submittedBy: string | null },
  actorId: string,
  type: Extract<NotificationType, 'creative_approved' | 'creative_rejected' | 'creative_featured'>,
  reason: string | null = null,
): Promise<Delivery[]> {
  const recipient = creative.submittedBy;
  if (!recipient || recipient === actorId) return [];
  const [row] = await tx
    .insert(notifications)
    .values({ userId: recipient, type, creativeId: creative.id, actorIds: [actorId], reason })
    .returning({ id: notifications.id });
  return [{ userId: recipient, id: row!.id, type }];
}

/** A comment on a creative, for its submitter (not when they comment themselves). */
export async function notifyComment(
  tx: Db,
  creative: { id: string; submittedBy: string | null },
  comment: { id: string; userId: string },
): Promise<Delivery[]> {
  const recipient = creative.submittedBy;
  if (!recipient || recipient === comment.userId) return [];
  const [row] = await tx
    .insert(notifications)
    .values({ userId: recipient, type: 'comment', creativeId: creative.id, commentId: comment.id, actorIds: [comment.userId] })
    .returning({ id: notifications.id });
  return [{ userId: recipient, id: row!.id, type: 'comment' }];
}

/**
 * A like of a comment, for its author: joins the author's unread like notification of that comment
 * (the liker last, the notification moved to the top), or starts one.
 */
export async function notifyCommentLike(
  tx: Db,
  comment: { id: string; creativeId: string; userId: string | null },
  likerId: string,
): Promise<Delivery[]> {
  const recipient = comment.userId;
  if (!recipient || recipient === likerId) return [];
  const [row] = await tx
    .insert(notifications)
    .values({ userId: recipient, type: 'comment_like', creativeId: comment.creativeId, commentId: comment.id, actorIds: [likerId] })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.commentId],
      targetWhere: sql`${notifications.type} = 'comment_like' and ${notifications.readAt} is null`,
      set: {
        actorIds: sql`array_append(array_remove(${notifications.actorIds}, ${likerId}::text), ${likerId}::text)`,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: notifications.id });
  return [{ userId: recipient, id: row!.id, type: 'comment_like' }];
}

/** A like withdrawn before its notification was read: the liker leaves it, and it goes when nobody is left. */
export async function withdrawCommentLike(tx: Db, comment: { id: string; userId: string | null }, likerId: string): Promise<Delivery[]> {
  const recipient = comment.userId;
  if (!recipient || recipient === likerId) return [];
  const [row] = await tx
    .update(notifications)
    .set({ actorIds: sql`array_remove(${notifications.actorIds}, ${likerId}::text)` })
    .where(
      and(
        eq(notifications.userId, recipient),
        eq(notifications.commentId, comment.id),
        eq(notifications.type, 'comment_like'),
        sql`${notifications.readAt} is null`,
        sql`${notifications.actorIds} @> array[${likerId}::text]`,
      ),
    )
    .returning({ id: notifications.id, left: sql<number>`cardinality(${notifications.actorIds})` });
  if (!row) return [];
  if (Number(row.left) > 0) return [{ userId: recipient, id: row.id, type: 'comment_like' }];
  await tx.delete(notifications).where(eq(notifications.id, row.id));
  return [{ userId: recipient, id: null, type: 'comment_like' }];
}

/** A new pending creative, for every specialist and admin (but its submitter). */
export async function notifyStaffOfPending(tx: Db, creative: { id: string }, submitterId: string): Promise<Delivery[]> {
  const staff = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.role, STAFF_ROLES), ne(user.id, submitterId)));
  if (staff.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(staff.map((s) => ({ userId: s.id, type: 'pending_creative', creativeId: creative.id, actorIds: [submitterId] })))
    .returning({ id: notifications.id, userId: notifications.userId });
  return rows.map((r) => ({ userId: r.userId, id: r.id, type: 'pending_creative' as const }));
}

/**
 * A deleted user (ADR 002) leaves the actors of other people's notifications; a like notification
 * nobody is left in goes. Their own notifications go with their account (foreign key cascade).
 */
export async function forgetActor(tx: Db, userId: string): Promise<void> {
  const left = await tx
    .update(notifications)
    .set({ actorIds: sql`array_remove(${notifications.actorIds}, ${userId}::text)` })
    .where(sql`${notifications.actorIds} @> array[${userId}::text]`)
    .returning({ id: notifications.id, type: notifications.type, left: sql<number>`cardinality(${notifications.actorIds})` });
  const empty = left.filter((r) => r.type === 'comment_like' && Number(r.left) === 0).map((r) => r.id);
  if (empty.length > 0) await tx.delete(notifications).where(inArray(notifications.id, empty));
}
