import { EmailAuthProvider, deleteUser, reauthenticateWithCredential } from 'firebase/auth';
import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  where,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase/firestore';
import { MSG } from '@domain/messages';
import {
  MY_DATA_BATCH,
  myDataFileName,
  myDataHeader,
  type MyDataComment,
  type MyDataCommentLike,
  type MyDataExport,
  type MyDataFolder,
  type MyDataLike,
  type MyDataSubmission,
} from '@domain/my-data';
import { myDataNotification } from '@domain/notifications';
import { deleteAccountInput } from '@domain/schemas/my-data';
import type { Gateway } from '../types';
import { guard, requireViewer, type FirebaseContext } from './context';
import { submissionsOf } from './creatives-shared';
import { gatewayError, toGatewayError, validate } from './errors';
import { notesOf } from './folder-notes';
import { exportedShareLinks } from './shares/export';
import { likesOf } from './likes';
import { isoOf, isoOrNull } from './mappers';
import { toNotification } from './notifications';
import { eraseUser } from './users';

/** Every document of a query, MY_DATA_BATCH at a time (keyset on the document id). */
async function* allDocs(path: string[], ctx: FirebaseContext, filters: QueryConstraint[]): AsyncGenerator<QueryDocumentSnapshot> {
  const [first, ...rest] = path;
  const col = collection(ctx.db, first!, ...rest);
  let last: QueryDocumentSnapshot | null = null;
  for (;;) {
    const page: QuerySnapshot = await getDocs(
      query(col, ...filters, orderBy(documentId()), ...(last ? [startAfter(last)] : []), limit(MY_DATA_BATCH)),
    );
    yield* page.docs;
    if (page.docs.length < MY_DATA_BATCH) return;
    last = page.docs[page.docs.length - 1]!;
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * The user's own data (issue 19) on Firebase, read from the documents the rules let them read:
 * profile, dated likes, comments (and the comments they liked), folders, submissions. Titles come
 * from the creatives, read once each (an approved one; another account's pending creative is not
 * readable and stays untitled), the folders with their notes and share links.
 */
export function firebaseMyData(ctx: FirebaseContext): Gateway['myData'] {
  const titles = new Map<string, Promise<string>>();
  const titleOf = (creativeId: string) => {
    let title = titles.get(creativeId);
    if (!title) {
      title = getDoc(doc(ctx.db, 'creatives', creativeId))
        .then((snap) => (snap.exists() && snap.data().status === 'approved' ? String(snap.data().name ?? '') : ''))
        .catch(() => '');
      titles.set(creativeId, title);
    }
    return title;
  };

  async function buildExport(): Promise<MyDataExport> {
    const me = await requireViewer(ctx, 'account:manage');
    const uid = me.id;
    const likes = await collect(
      (async function* (): AsyncGenerator<MyDataLike> {
        for await (const d of allDocs([likesOf(ctx, uid).path], ctx, [])) {
          yield { creativeId: d.id, title: await titleOf(d.id), likedAt: isoOf(d.data().likedAt) };
        }
      })(),
    );
    const commentLikes = await collect(
      (async function* (): AsyncGenerator<MyDataCommentLike> {
        for await (const d of allDocs(['comments'], ctx, [where('likedBy', 'array-contains', uid)])) {
          yield { commentId: d.id, creativeId: String(d.data().creativeId ?? ''), likedAt: null };
        }
      })(),
    );
    const comments = await collect(
      (async function* (): AsyncGenerator<MyDataComment> {
        for await (const d of allDocs(['comments'], ctx, [where('userId', '==', uid)])) {
          const c = d.data();
          const creativeId = String(c.creativeId ?? '');
          yield {
            id: d.id,
            creativeId,
            creativeTitle: await titleOf(creativeId),
            text: String(c.text ?? ''),
            createdAt: isoOf(c.createdAt),
            likes: Number(c.likes ?? 0),
          };
        }
      })(),
    );
    const folders = await collect(
      (async function* (): AsyncGenerator<MyDataFolder> {
        for await (const d of allDocs(['folders'], ctx, [where('userId', '==', uid)])) {
          const f = d.data();
          const ids: string[] = Array.isArray(f.creatives) ? f.creatives.filter((x: unknown): x is string => typeof x === 'string') : [];
          const noted = await collect(allDocs([notesOf(d.ref).path], ctx, []));
          const notes = new Map(noted.map((n): [string, string] => [n.id, String(n.data().note ?? '')]));
          yield {
            id: d.id,
            name: String(f.name ?? ''),
            createdAt: isoOrNull(f.createdAt),
            creatives: await Promise.all(
              ids.map(async (id) => ({ creativeId: id, title: await titleOf(id), addedAt: null, note: notes.get(id) ?? null })),
            ),
            shareLinks: await exportedShareLinks(ctx, uid, d.id),
          };
        }
      })(),
    );
    const submissions = await collect(
      (async function* (): AsyncGenerator<MyDataSubmission> {
        for await (const d of allDocs(['creatives'], ctx, submissionsOf(uid, me))) {
          const c = d.data();
          yield {
            id: d.id,
            name: String(c.name ?? ''),
            advertiser: String(c.advertiser ?? ''),
            status: String(c.status ?? ''),
            rejectionReason: typeof c.rejectionReason === 'string' ? c.rejectionReason : null,
            mediaType: String(c.mediaType ?? 'image'),
            mediaUrl: typeof c.mediaUrl === 'string' ? c.mediaUrl : typeof c.image === 'string' ? c.image : null,
            createdAt: isoOf(c.createdAt),
          };
        }
      })(),
    );
    const notifications = (await collect(allDocs(['users', uid, 'notifications'], ctx, [])))
      .map((d) => toNotification(d.id, d.data()))
      .filter((n) => n !== null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(myDataNotification);
    const { id, email, firstName, lastName, role, createdAt } = me;
    return {
      ...myDataHeader({ id, email, firstName, lastName, role, createdAt }, new Date()),
      likes,
      commentLikes,
      comments,
      folders,
      submissions,
      notifications,
    };
  }

  return {
    async exportFile() {
      const data = await guard(ctx, buildExport);
      titles.clear();
      return { blob: new Blob([JSON.stringify(data)], { type: 'application/json' }), fileName: myDataFileName(new Date()) };
    },

    async deleteAccount(password) {
      const input = validate(deleteAccountInput, { password });
      const me = await requireViewer(ctx, 'account:manage');
      const user = ctx.auth.currentUser;
      if (!user || !user.email) throw gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
      try {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, input.password));
      } catch (err) {
        const mapped = toGatewayError(err, { signedIn: true });
        if (mapped.code === 'INVALID_CREDENTIALS') {
          throw gatewayError('WRONG_PASSWORD', MSG.deleteAccountPasswordWrong, { password: MSG.deleteAccountPasswordWrong });
        }
        throw mapped;
      }
      // The rules cannot count the admins: on Firebase an admin never deletes their own account
      // (another admin does), which keeps the last one in place (docs/decisions/002, 017).
      if (me.role === 'admin') throw gatewayError('FORBIDDEN', MSG.cannotDeleteSelf);
      await guard(ctx, async () => {
        // The tombstone first: the rules let a leaving account clear its traces once it exists.
        const tombstone = doc(ctx.db, 'deletedUsers', me.id);
        const existing = await getDoc(tombstone);
        if (!existing.exists()) await setDoc(tombstone, { deletedAt: serverTimestamp(), deletedBy: me.id });
        await eraseUser(ctx, me.id, { by: me, folders: true });
      });
      try {
        await deleteUser(user);
      } catch (err) {
        throw toGatewayError(err, { signedIn: true });
      }
    },
  };
}
