import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  onSnapshot,
  query,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore';
import { MSG } from '@domain/messages';
import {
  emailPrefsOf,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type AppNotification,
  type NotificationType,
} from '@domain/notifications';
import { notificationPrefsInput } from '@domain/schemas/notifications';
import { GatewayError, type Gateway } from '../types';
import { chunks, dataOf, guard, requireViewer, type FirebaseContext } from './context';
import { gatewayError, validate } from './errors';
import { byTimestamp, newestFirstPage } from './keyset';
import { notificationRef, type ActorEntry } from './notification-writes';

/** The recipient's side of the notification centre (the writes: notification-writes.ts): list, mark read, e-mail choices. */
export function toNotification(id: string, data: DocumentData): AppNotification | null {
  const type = data.type as NotificationType;
  if (!NOTIFICATION_TYPES.includes(type)) return null;
  const actors = (Array.isArray(data.actors) ? data.actors : []) as Partial<ActorEntry>[];
  const last = actors[actors.length - 1];
  const createdAt = data.createdAt as { toDate?: () => Date } | undefined;
  return {
    id,
    type,
    creativeId: String(data.creativeId ?? ''),
    creativeName: String(data.creativeName ?? ''),
    commentId: typeof data.commentId === 'string' ? data.commentId : null,
    actor: last ? { firstName: String(last.firstName ?? ''), lastName: String(last.lastName ?? '') } : null,
    actorCount: actors.length,
    reason: typeof data.reason === 'string' ? data.reason : null,
    createdAt: (createdAt?.toDate?.() ?? new Date(0)).toISOString(),
    read: data.read === true,
  };
}

/** Firestore's limit of writes in one batch. */
const BATCH_MAX = 500;

export function firebaseNotifications(ctx: FirebaseContext): Gateway['notifications'] {
  const mine = (uid: string) => collection(ctx.db, 'users', uid, 'notifications');
  return {
    async list(page) {
      const viewer = await requireViewer(ctx, 'notification:read');
      const found = await newestFirstPage(ctx, `users/${viewer.id}/notifications`, [], byTimestamp('createdAt'), page?.cursor, {
        pageSize: NOTIFICATIONS_PAGE_SIZE,
      });
      return { items: found.items.flatMap((d) => toNotification(d.id, d.data) ?? []), nextCursor: found.nextCursor };
    },

    async markRead(id) {
      const viewer = await requireViewer(ctx, 'notification:read');
      if (!id || id.includes('/')) throw gatewayError('NOT_FOUND', MSG.notFound);
      // Under the viewer's own path the rules refuse only a notification that does not exist: not found, as self-hosted.
      await guard(ctx, () => updateDoc(notificationRef(ctx, viewer.id, id), { read: true }), { notFoundMessage: MSG.notFound }).catch(
        (err: unknown) => {
          throw err instanceof GatewayError && err.code === 'FORBIDDEN' ? gatewayError('NOT_FOUND', MSG.notFound) : err;
        },
      );
    },

    async markAllRead() {
      const viewer = await requireViewer(ctx, 'notification:read');
      for (;;) {
        const unread = await guard(ctx, () => getDocs(query(mine(viewer.id), where('read', '==', false), limit(BATCH_MAX))));
        if (unread.empty) return;
        for (const part of chunks(unread.docs, BATCH_MAX)) {
          const batch = writeBatch(ctx.db);
          for (const d of part) batch.update(d.ref, { read: true });
          await guard(ctx, () => batch.commit());
        }
        if (unread.size < BATCH_MAX) return;
      }
    },

    watchUnreadCount(onCount) {
      let stop: (() => void) | null = null;
      let stopped = false;
      void requireViewer(ctx, 'notification:read').then(
        (viewer) => {
          if (stopped) return;
          stop = onSnapshot(
            query(mine(viewer.id), where('read', '==', false)),
            (snap) => onCount(snap.size),
            (err) => ctx.log('[firebase] notifications listener stopped', err),
          );
        },
        (err: unknown) => ctx.log('[firebase] notifications listener not started', err),
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },

    async emailPrefs() {
      const viewer = await requireViewer(ctx, 'notification:read');
      const snap = await guard(ctx, () => getDoc(doc(ctx.db, 'users', viewer.id)));
      return emailPrefsOf(viewer.role, dataOf(snap).notificationEmail as Record<string, unknown> | undefined);
    },

    async setEmailPrefs(changes) {
      const viewer = await requireViewer(ctx, 'notification:read');
      const { email } = validate(notificationPrefsInput, { email: changes });
      const ref = doc(ctx.db, 'users', viewer.id);
      const stored = dataOf(await guard(ctx, () => getDoc(ref))).notificationEmail as Record<string, boolean> | undefined;
      const merged = { ...(stored ?? {}), ...Object.fromEntries(Object.entries(email).filter(([, on]) => typeof on === 'boolean')) };
      await guard(ctx, () => updateDoc(ref, { notificationEmail: merged }));
      return emailPrefsOf(viewer.role, merged);
    },
  };
}
