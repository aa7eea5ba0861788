import { collection, doc, getDoc, increment, serverTimestamp, where, type DocumentReference } from 'firebase/firestore';
import { COMMENTS_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { commentInput } from '@domain/schemas/comment';
import type { LikeState } from '@domain/types';
import { GatewayError, type Gateway } from '../types';
import { dataOf, guard, requireViewer, uidOf, type FirebaseContext } from './context';
import { byTimestamp, newestFirstPage } from './keyset';
import { creativeRef, notFoundCreative, readCreativeDoc } from './creatives-shared';
import { gatewayError, validate } from './errors';
import { toComment } from './mappers';
import { writeCommentNotice, writeLikeNotice } from './notification-writes';
import { likeChange, refOrNotFound, transactOn } from './transactions';

const commentNotFound = () => gatewayError('NOT_FOUND', 'Commentaire introuvable');

const commentRef = (ctx: FirebaseContext, id: string): DocumentReference => refOrNotFound(ctx, 'comments', id, commentNotFound);

/**
 * Comments (spec §7): read by creativeId newest first; created with the author's current name and
 * the creative's `comments` counter raised in the same transaction; likes like the creatives';
 * deleted by admins only, with the counter lowered.
 */
export function firebaseComments(ctx: FirebaseContext): Gateway['comments'] {
  async function setLike(id: string, liked: boolean): Promise<LikeState> {
    const viewer = await requireViewer(ctx, 'comment:like');
    const uid = viewer.id;
    const ref = commentRef(ctx, id);
    return transactOn(ctx, ref, commentNotFound, async (tx, data) => {
      const { state, update } = likeChange(data, uid, liked);
      if (!update) return state;
      // The author's notification names the creative: read before any write of the transaction.
      const notify = liked && typeof data.userId === 'string' && data.userId !== uid && typeof data.creativeId === 'string';
      const creative = notify ? await tx.get(creativeRef(ctx, data.creativeId as string)) : null;
      tx.update(ref, update);
      if (creative?.exists()) {
        const comment = { id, creativeId: creative.id, creativeName: String(creative.data().name ?? ''), userId: data.userId };
        writeLikeNotice(tx, ctx, comment, viewer);
      }
      return state;
    });
  }

  return {
    async list(creativeId, page) {
      const uid = await uidOf(ctx);
      // The creative must be one this viewer may open (comments of a pending one stay private).
      const [, comments] = await Promise.all([
        readCreativeDoc(ctx, creativeId),
        newestFirstPage(ctx, 'comments', [where('creativeId', '==', creativeId)], byTimestamp('createdAt'), page?.cursor, {
          pageSize: COMMENTS_PAGE_SIZE,
        }),
      ]);
      return { items: comments.items.map((c) => toComment(c.id, c.data, { uid })), nextCursor: comments.nextCursor };
    },

    async add(creativeId, text) {
      const viewer = await requireViewer(ctx, 'comment:create');
      const input = validate(commentInput, { text });
      const creative = creativeRef(ctx, creativeId);
      const ref = doc(collection(ctx.db, 'comments'));
      await transactOn(
        ctx,
        creative,
        notFoundCreative,
        (tx, data) => {
          if (data.status !== 'approved') throw notFoundCreative();
          tx.set(ref, {
            userId: viewer.id,
            creativeId,
            text: input.text,
            createdAt: serverTimestamp(),
            userFirstName: viewer.firstName,
            userLastName: viewer.lastName,
            likes: 0,
            likedBy: [],
          });
          // `lastCommentId` lets the rules check that this +1 comes with a new comment of the caller.
          tx.update(creative, { comments: increment(1), lastCommentId: ref.id });
          writeCommentNotice(tx, ctx, { id: creativeId, name: String(data.name ?? ''), submittedBy: data.submittedBy }, ref.id, viewer);
        },
        { notFoundMessage: MSG.creativeNotFound },
      ).catch((err: unknown) => {
        throw err instanceof GatewayError && err.code === 'INTERNAL' ? gatewayError('INTERNAL', MSG.commentError) : err;
      });
      const created = await guard(ctx, () => getDoc(ref));
      return toComment(ref.id, dataOf(created), { uid: viewer.id });
    },

    like: (id) => setLike(id, true),
    unlike: (id) => setLike(id, false),

    async remove(id) {
      await requireViewer(ctx, 'comment:delete');
      const ref = commentRef(ctx, id);
      await transactOn(ctx, ref, commentNotFound, async (tx, data) => {
        const creative = typeof data.creativeId === 'string' && data.creativeId ? creativeRef(ctx, data.creativeId) : null;
        const parent = creative ? await tx.get(creative) : null;
        tx.delete(ref);
        if (creative && parent?.exists()) {
          const count = typeof parent.data().comments === 'number' ? parent.data().comments : 0;
          if (count > 0) tx.update(creative, { comments: increment(-1) });
        }
      });
    },
  };
}
