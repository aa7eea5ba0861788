import {
  arrayRemove,
  collection,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentReference,
  type WriteBatch,
} from 'firebase/firestore';
import { USERS_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { roleInput, userListQuery } from '@domain/schemas/users';
import type { User } from '@domain/types';
import { matchesUser } from '@domain/user-search';
import type { Gateway } from '../types';
import { commitAll, dataOf, guard, requireViewer, type FirebaseContext } from './context';
import { contributorRef, submissionsOf } from './creatives-shared';
import { gatewayError, validate } from './errors';
import { deleteFolders } from './folder-notes';
import { byIsoString, newestFirstPage } from './keyset';
import { likesOf } from './likes';
import { toUser } from './mappers';
import { refOrNotFound } from './transactions';

/** Profiles read at most for one page of a search (past it, the page ends early with a cursor). */
export const USER_SEARCH_MAX_SCANNED = 1000;
const userNotFound = () => gatewayError('NOT_FOUND', MSG.userNotFound);

/**
 * User administration (admins): list, change role, delete. Deleting mirrors docs/decisions/002 as
 * far as a client may go — see docs/decisions/005 for what only the Admin SDK can do.
 */
export function firebaseUsers(ctx: FirebaseContext): Gateway['users'] {
  const userRef = (id: string) => refOrNotFound(ctx, 'users', id, userNotFound);

  async function requireOther(adminId: string, id: string, selfMessage: string) {
    if (id === adminId) throw gatewayError('FORBIDDEN', selfMessage);
    const snap = await guard(ctx, () => getDoc(userRef(id)));
    if (!snap.exists()) throw userNotFound();
  }

  return {
    async list(q = {}) {
      await requireViewer(ctx, 'user:manage');
      const input = validate(userListQuery, { q: q.q, role: q.role });
      // The role chips are an `in` filter of the query (index users: role, createdAt DESC). The search
      // is not: Firestore cannot match a substring, ignore case, nor join 'first last', so a search
      // pages through the profiles in the list's order and keeps those `matchesUser` accepts, at most
      // USER_SEARCH_MAX_SCANNED read per page — the cursor then goes on where the reading stopped.
      const page = await newestFirstPage(
        ctx,
        'users',
        input.role.length ? [where('role', 'in', input.role)] : [],
        byIsoString('createdAt'),
        q.cursor,
        {
          pageSize: USERS_PAGE_SIZE,
          ...(input.q ? { matches: (d) => matchesUser(toUser(d.id, d.data), input.q), maxScanned: USER_SEARCH_MAX_SCANNED } : {}),
        },
      );
      return { items: page.items.map((d) => toUser(d.id, d.data)), nextCursor: page.nextCursor };
    },

    async setRole(id, role) {
      const admin = await requireViewer(ctx, 'user:manage');
      const input = validate(roleInput, { role });
      await requireOther(admin.id, id, MSG.cannotChangeOwnRole);
      await guard(ctx, () => updateDoc(userRef(id), { role: input.role }));
      const snap = await guard(ctx, () => getDoc(userRef(id)));
      if (!snap.exists()) throw userNotFound();
      return toUser(snap.id, dataOf(snap));
    },

    async remove(id) {
      const admin = await requireViewer(ctx, 'user:manage');
      await requireOther(admin.id, id, MSG.cannotDeleteSelf);
      await guard(ctx, () => eraseUser(ctx, id, { by: admin, folders: false, tombstoneBy: admin.id }));
    },
  };
}

/**
 * Removes a user's traces as docs/decisions/002 says, as far as a client may go — the one place
 * for it on Firebase, used by the admin's deletion and by "Supprimer mon compte": their likes go
 * with the counters, their comments with the creatives' comment counters, their submissions stay
 * without a submitter, then the contributor entry and the profile go. `tombstoneBy`: the admin
 * deleting them (the tombstone is written last); a leaving user writes theirs first, which is what
 * lets the rules accept these writes from them. `by`: who does it (the admin, or the leaving user).
 * `folders`: their folders (with their notes) and notifications too (only their owner may list
 * them: set by "Supprimer mon compte").
 */
export async function eraseUser(
  ctx: FirebaseContext,
  id: string,
  options: { by: User; folders: boolean; tombstoneBy?: string },
): Promise<void> {
  const creatives = collection(ctx.db, 'creatives');
  const comments = collection(ctx.db, 'comments');
  const [liked, likeDocs, likedComments, written, submitted, ownFolders] = await Promise.all([
    likedCreatives(ctx, id, options.tombstoneBy !== undefined),
    getDocs(likesOf(ctx, id)),
    getDocs(query(comments, where('likedBy', 'array-contains', id))),
    getDocs(query(comments, where('userId', '==', id))),
    getDocs(query(creatives, ...submissionsOf(id, options.by))),
    options.folders ? getDocs(query(collection(ctx.db, 'folders'), where('userId', '==', id))) : null,
  ]);
  // Their own notifications: only they may list them (a leaving user; an admin's deletion leaves
  // them unreadable under the deleted profile, docs/decisions/017).
  const ownNotifications = options.folders ? await getDocs(collection(ctx.db, 'users', id, 'notifications')) : null;
  const writtenIds = new Set(written.docs.map((d) => d.id));
  const perCreative = new Map<string, number>();
  for (const c of written.docs) {
    const creativeId = String(c.data().creativeId ?? '');
    if (creativeId && !creativeId.includes('/')) perCreative.set(creativeId, (perCreative.get(creativeId) ?? 0) + 1);
  }
  // Only creatives that still exist can have their comment counter corrected.
  const parents = await Promise.all([...perCreative.keys()].map((cid) => getDoc(doc(creatives, cid))));
  const counters = parents.filter((p) => p.exists()).map((p) => [p.ref, perCreative.get(p.id) ?? 0] as const);
  await commitAll(ctx, [
    // Their likes go, with the counters (likes == number of likers).
    ...liked.map((ref) => (b: WriteBatch) => b.update(ref, { likes: increment(-1), likedBy: arrayRemove(id) })),
    // Their dated likes after them: the rules let them go once the creatives no longer list them.
    ...likeDocs.docs.map((d) => (b: WriteBatch) => b.delete(d.ref)),
    ...likedComments.docs
      .filter((d) => !writtenIds.has(d.id))
      .map((d) => (b: WriteBatch) => b.update(d.ref, { likes: increment(-1), likedBy: arrayRemove(id) })),
    // Their comments go, and the creatives' comment counters follow.
    ...written.docs.map((d) => (b: WriteBatch) => b.delete(d.ref)),
    ...counters.map(
      ([ref, n]) =>
        (b: WriteBatch) =>
          b.update(ref, { comments: increment(-n) }),
    ),
    // Their submissions stay in the library, without a submitter.
    ...submitted.docs.map((d) => (b: WriteBatch) => b.update(d.ref, { submittedBy: null })),
    ...(ownNotifications?.docs ?? []).map((d) => (b: WriteBatch) => b.delete(d.ref)),
  ]);
  // Their folders, each after its notes.
  await deleteFolders(ctx, ownFolders?.docs.map((d) => d.ref) ?? []);
  // Last, the profile and its contributor entry go (contract §3); a tombstone keeps the account
  // from creating itself again.
  const last = writeBatch(ctx.db);
  if (options.tombstoneBy) last.set(doc(ctx.db, 'deletedUsers', id), { deletedAt: serverTimestamp(), deletedBy: options.tombstoneBy });
  last.delete(contributorRef(ctx, id));
  last.delete(doc(ctx.db, 'users', id));
  await last.commit();
}

/**
 * The creatives listing `id` among their likers. Staff may query them all; a member may not list
 * creatives they cannot read (the rules refuse the query), so a leaving member goes through their
 * dated likes and reads each creative, skipping those gone or out of their reach.
 */
async function likedCreatives(ctx: FirebaseContext, id: string, asStaff: boolean): Promise<DocumentReference[]> {
  if (asStaff)
    return (await getDocs(query(collection(ctx.db, 'creatives'), where('likedBy', 'array-contains', id)))).docs.map((d) => d.ref);
  const likes = await getDocs(likesOf(ctx, id));
  const creatives = await Promise.all(likes.docs.map((like) => getDoc(doc(ctx.db, 'creatives', like.id)).catch(() => null)));
  return creatives.filter((c) => c?.exists() && Array.isArray(c.data().likedBy) && c.data().likedBy.includes(id)).map((c) => c!.ref);
}
