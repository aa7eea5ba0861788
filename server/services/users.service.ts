import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { USERS_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Role } from '@domain/roles';
import type { UserListQuery } from '@domain/schemas/users';
import type { Page, User } from '@domain/types';
import type { Db } from '../db/client';
import { commentLikes, comments, creativeLikes, creatives, session, user as userTable } from '../db/schema';
import { toUser } from '../auth/session';
import { preparedVariants, textArray } from '../db/prepared';
import { forgetActor } from './notifications/notify';
import { afterTimeCursorPlaceholder, decodeTimeCursor, timeCursorValues, timeKey, toPage } from './pagination';

export async function updateProfile(db: Db, userId: string, input: { firstName: string; lastName: string }): Promise<User> {
  const [row] = await db
    .update(userTable)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      updatedAt: new Date(),
    })
    .where(eq(userTable.id, userId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toUser(row);
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const usersStatement = preparedVariants('users', (db, parts: { roles: boolean; search: boolean; after: boolean }, name) => {
  const pattern = sql.placeholder('pattern');
  return db
    .select()
    .from(userTable)
    .where(
      and(
        parts.roles ? sql`${userTable.role} = any(${textArray('roles')})` : undefined,
        parts.search
          ? or(ilike(sql`${userTable.firstName} || ' ' || ${userTable.lastName}`, pattern), ilike(userTable.email, pattern))
          : undefined,
        parts.after ? afterTimeCursorPlaceholder(userTable.createdAt, userTable.id) : undefined,
      ),
    )
    .orderBy(desc(userTable.createdAt), desc(userTable.id))
    .limit(USERS_PAGE_SIZE + 1)
    .prepare(name);
});

/**
 * A page of the user administration list, newest first: search on 'first last' or e-mail
 * (case-insensitive), role chips (none = all). The cursor continues the same search; keyset on
 * (created_at, id), in user_recent_idx's order.
 */
export async function listUsers(db: Db, query: Pick<UserListQuery, 'q' | 'role'> & { cursor?: string }): Promise<Page<User>> {
  const cursor = decodeTimeCursor(query.cursor);
  const parts = { roles: query.role.length > 0, search: Boolean(query.q), after: cursor !== null };
  const rows = await usersStatement(db, parts).execute({
    roles: query.role,
    pattern: query.q ? likePattern(query.q) : null,
    ...timeCursorValues(cursor),
  });
  return toPage(rows, USERS_PAGE_SIZE, (r) => timeKey(r.createdAt, r.id), toUser);
}

async function requireOther(db: Db, admin: User, id: string, selfMessage: string) {
  if (id === admin.id) throw new AppError('FORBIDDEN', { message: selfMessage });
  const [row] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, id));
  if (!row) throw new AppError('NOT_FOUND', { message: MSG.userNotFound });
}

/** Changes another user's role and ends that user's sessions, so the new rights apply at once. */
export async function setRole(db: Db, admin: User, id: string, role: Role): Promise<User> {
  await requireOther(db, admin, id, MSG.cannotChangeOwnRole);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(userTable).set({ role, updatedAt: new Date() }).where(eq(userTable.id, id)).returning();
    await tx.delete(session).where(eq(session.userId, id));
    return toUser(row!);
  });
}

/**
 * Removes an account inside the caller's transaction (docs/decisions/002) — the one place for that
 * rule, used by the admin's deletion and by "Supprimer mon compte": sessions and password go with
 * it; their likes and comment likes are removed and the counters corrected; their comments are
 * removed; their folders and share links, and their notifications, go (cascade), and they leave
 * the like notices of others (forgetActor); the creatives they submitted stay in the
 * library, with no submitter. No media file is removed: the creatives keep theirs.
 */
async function removeAccount(tx: Db, id: string): Promise<void> {
  await tx
    .update(creatives)
    .set({ likes: sql`${creatives.likes} - 1` })
    .where(inArray(creatives.id, tx.select({ id: creativeLikes.creativeId }).from(creativeLikes).where(eq(creativeLikes.userId, id))));
  await tx
    .update(comments)
    .set({ likes: sql`${comments.likes} - 1` })
    .where(inArray(comments.id, tx.select({ id: commentLikes.commentId }).from(commentLikes).where(eq(commentLikes.userId, id))));
  const removed = await tx.delete(comments).where(eq(comments.userId, id)).returning({ creativeId: comments.creativeId });
  const perCreative = new Map<string, number>();
  for (const r of removed) perCreative.set(r.creativeId, (perCreative.get(r.creativeId) ?? 0) + 1);
  for (const [creativeId, n] of perCreative) {
    await tx
      .update(creatives)
      .set({ commentCount: sql`greatest(${creatives.commentCount} - ${n}, 0)` })
      .where(eq(creatives.id, creativeId));
  }
  await forgetActor(tx, id);
  await tx.delete(userTable).where(eq(userTable.id, id));
}

/** An admin deletes another account (docs/decisions/002); never their own. */
export async function deleteUser(db: Db, admin: User, id: string): Promise<void> {
  await requireOther(db, admin, id, MSG.cannotDeleteSelf);
  await db.transaction((tx) => removeAccount(tx, id));
}

/**
 * "Supprimer mon compte" (issue 19), once the password is checked: the same removal as an admin's
 * deletion. The last admin may not leave (docs/decisions/002: nobody could then manage users) —
 * the admins are locked while they are counted, so two admins leaving at once cannot both go.
 */
export async function deleteOwnAccount(db: Db, me: User): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ role: userTable.role }).from(userTable).where(eq(userTable.id, me.id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', { message: MSG.userNotFound });
    if (row.role === 'admin') {
      const admins = await tx.select({ id: userTable.id }).from(userTable).where(eq(userTable.role, 'admin')).for('update');
      if (admins.length <= 1) throw new AppError('FORBIDDEN', { message: MSG.lastAdminCannotLeave });
    }
    await removeAccount(tx, me.id);
  });
}
