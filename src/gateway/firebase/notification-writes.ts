import { arrayUnion, doc, serverTimestamp, type DocumentReference, type Transaction } from 'firebase/firestore';
import type { NotificationType } from '@domain/notifications';
import type { User } from '@domain/types';
import type { FirebaseContext } from './context';

/**
 * The notification centre on Firestore (issue 19): `users/{uid}/notifications/{id}`, written by the
 * actor in the same transaction as the action, with one id per action so that firestore.rules can
 * check that the action really happens in that write: `approved_{creative}`, `rejected_{creative}`,
 * `featured_{creative}`, `comment_{comment}` and `like_{comment}` (the likes of one comment, grouped).
 * The recipient reads them and marks them read, nothing else. Not here: a new pending creative for
 * the staff (an agency may not list the staff), withdrawing a like (the liker may not read the
 * recipient's notification) and e-mails (no server) — docs/decisions/016.
 */

/** Who acted, as the notification shows them (their names when they acted). */
export interface ActorEntry {
  uid: string;
  firstName: string;
  lastName: string;
}

const actorOf = (viewer: User): ActorEntry => ({ uid: viewer.id, firstName: viewer.firstName, lastName: viewer.lastName });

export function notificationRef(ctx: FirebaseContext, recipient: string, id: string): DocumentReference {
  return doc(ctx.db, 'users', recipient, 'notifications', id);
}

/** A decision on a creative, for its submitter (none for the staff's own), in the decision's transaction. */
export function writeDecisionNotice(
  tx: Transaction,
  ctx: FirebaseContext,
  creative: { id: string; name: string; submittedBy: unknown },
  viewer: User,
  type: Extract<NotificationType, 'creative_approved' | 'creative_rejected' | 'creative_featured'>,
  reason: string | null = null,
): void {
  const recipient = creative.submittedBy;
  if (typeof recipient !== 'string' || !recipient || recipient === viewer.id) return;
  const prefix = { creative_approved: 'approved', creative_rejected: 'rejected', creative_featured: 'featured' }[type];
  tx.set(notificationRef(ctx, recipient, `${prefix}_${creative.id}`), {
    type,
    creativeId: creative.id,
    creativeName: creative.name,
    commentId: null,
    actors: [actorOf(viewer)],
    reason,
    createdAt: serverTimestamp(),
    read: false,
  });
}

/** A new comment, for the creative's submitter (not their own), in the comment's transaction. */
export function writeCommentNotice(
  tx: Transaction,
  ctx: FirebaseContext,
  creative: { id: string; name: string; submittedBy: unknown },
  commentId: string,
  viewer: User,
): void {
  const recipient = creative.submittedBy;
  if (typeof recipient !== 'string' || !recipient || recipient === viewer.id) return;
  tx.set(notificationRef(ctx, recipient, `comment_${commentId}`), {
    type: 'comment',
    creativeId: creative.id,
    creativeName: creative.name,
    commentId,
    actors: [actorOf(viewer)],
    reason: null,
    createdAt: serverTimestamp(),
    read: false,
  });
}

/**
 * A like, for the comment's author: the liker joins the comment's like notification, which comes
 * back to the top, unread. Written blind (merge): the liker may not read it.
 */
export function writeLikeNotice(
  tx: Transaction,
  ctx: FirebaseContext,
  comment: { id: string; creativeId: string; creativeName: string; userId: unknown },
  viewer: User,
): void {
  const recipient = comment.userId;
  if (typeof recipient !== 'string' || !recipient || recipient === viewer.id) return;
  tx.set(
    notificationRef(ctx, recipient, `like_${comment.id}`),
    {
      type: 'comment_like',
      creativeId: comment.creativeId,
      creativeName: comment.creativeName,
      commentId: comment.id,
      actors: arrayUnion(actorOf(viewer)),
      reason: null,
      createdAt: serverTimestamp(),
      read: false,
    },
    { merge: true },
  );
}
