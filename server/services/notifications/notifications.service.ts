import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '@domain/errors';
import {
  emailPrefsOf,
  NOTIFICATIONS_PAGE_SIZE,
  type AppNotification,
  type NotificationEmailPrefs,
  type NotificationType,
} from '@domain/notifications';
import type { Role } from '@domain/roles';
import type { Page } from '@domain/types';
import type { Db } from '@server/db/client';
import { creatives, notificationPrefs, notifications, user } from '@server/db/schema';
import { afterTimeCursor, decodeTimeCursor, timeKey, toPage } from '../pagination';

const actor = alias(user, 'actor');

/** Notifications with what they show: the creative's name and the latest actor's (left out when deleted). */
function selectNotifications(db: Db) {
  return db
    .select({
      n: notifications,
      creativeName: creatives.name,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
    })
    .from(notifications)
    .innerJoin(creatives, eq(creatives.id, notifications.creativeId))
    .leftJoin(actor, sql`${actor.id} = ${notifications.actorIds}[cardinality(${notifications.actorIds})]`);
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

function toNotification(row: NotificationRow): AppNotification {
  const { n } = row;
  return {
    id: n.id,
    type: n.type as NotificationType,
    creativeId: n.creativeId,
    creativeName: row.creativeName,
    commentId: n.commentId,
    actor: row.actorFirstName === null ? null : { firstName: row.actorFirstName, lastName: row.actorLastName ?? '' },
    actorCount: n.actorIds.length,
    reason: n.reason,
    createdAt: n.createdAt.toISOString(),
    read: n.readAt !== null,
  };
}

/** A page of the user's notifications, newest first; keyset on (created_at, id) in notifications_user_recent_idx's order. */
export async function listNotifications(db: Db, userId: string, query: { cursor?: string } = {}): Promise<Page<AppNotification>> {
  const cursor = decodeTimeCursor(query.cursor);
  const rows = await selectNotifications(db)
    .where(and(eq(notifications.userId, userId), afterTimeCursor(notifications.createdAt, notifications.id, cursor)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  return toPage(rows, NOTIFICATIONS_PAGE_SIZE, (r) => timeKey(r.n.createdAt, r.n.id), toNotification);
}

/** These notifications (of anyone), as they read: for the e-mails of a delivery. */
export async function notificationsById(db: Db, ids: string[]): Promise<(AppNotification & { userId: string })[]> {
  if (ids.length === 0) return [];
  const rows = await selectNotifications(db).where(inArray(notifications.id, ids));
  return rows.map((r) => ({ ...toNotification(r), userId: r.n.userId }));
}

/** Unread notifications of the user (notifications_user_unread_idx). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's own notifications read; someone else's is not found (404, it does not exist for them). */
export async function markRead(db: Db, userId: string, id: string): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NOT_FOUND');
}

/** 'Tout marquer comme lu'. */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`));
}

/** The user's e-mail choices over their role's defaults. */
export async function emailPrefs(db: Db, userId: string, role: Role): Promise<NotificationEmailPrefs> {
  const [row] = await db.select({ email: notificationPrefs.email }).from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  return emailPrefsOf(role, row?.email);
}

/** Stores the given choices over the user's earlier ones (unchosen types keep following the role's defaults); answers them all. */
export async function setEmailPrefs(
  db: Db,
  userId: string,
  role: Role,
  changes: Partial<NotificationEmailPrefs>,
): Promise<NotificationEmailPrefs> {
  const [row] = await db
    .insert(notificationPrefs)
    .values({ userId, email: changes })
    .onConflictDoUpdate({
      target: notificationPrefs.userId,
      set: { email: sql`${notificationPrefs.email} || excluded.email`, updatedAt: new Date() },
    })
    .returning({ email: notificationPrefs.email });
  return emailPrefsOf(role, row?.email);
}

/** The recipients' addresses, roles and stored choices, for the e-mails of a delivery. */
export async function mailProfiles(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: user.id, email: user.email, role: user.role, prefs: notificationPrefs.email })
    .from(user)
    .leftJoin(notificationPrefs, eq(notificationPrefs.userId, user.id))
    .where(inArray(user.id, userIds));
}
