import {
  arrayRemove,
  arrayUnion,
  collection,
  doc,
  increment,
  runTransaction,
  type DocumentData,
  type DocumentReference,
  type Transaction,
} from 'firebase/firestore';
import type { LikeState } from '@domain/types';
import type { GatewayError } from '../types';
import { guard, type FirebaseContext } from './context';
import type { ErrorContext } from './errors';

/**
 * The pattern every write of one existing document follows on Firebase (creatives, review,
 * comments, folders, users): a caller's id made a reference or refused as not found, then a
 * transaction that reads the document, refuses it when missing, and writes — its failures mapped by
 * `guard` (context.ts). The callers check the viewer's role first (`requireViewer`); the rules
 * check it again on the server.
 */

/** A document id from the caller in `collectionPath`, or `notFound()` when it cannot be one (a path, too long). */
export function refOrNotFound(ctx: FirebaseContext, collectionPath: string, id: string, notFound: () => GatewayError): DocumentReference {
  if (!id || id.includes('/') || id.length > 1500) throw notFound();
  return doc(collection(ctx.db, collectionPath), id);
}

/**
 * Runs `write` in a transaction after reading `ref`, which must exist (else `notFound()`); failures
 * are mapped by `guard` with `errors` (what a refusal or a missing document means to this call).
 */
export function transactOn<T>(
  ctx: FirebaseContext,
  ref: DocumentReference,
  notFound: () => GatewayError,
  write: (tx: Transaction, data: DocumentData) => Promise<T> | T,
  errors: Omit<ErrorContext, 'signedIn'> = {},
): Promise<T> {
  return guard(
    ctx,
    () =>
      runTransaction(ctx.db, async (tx) => {
        const data = (await tx.get(ref)).data();
        if (!data) throw notFound();
        return write(tx, data);
      }),
    errors,
  );
}

/**
 * A like or unlike of a document counting its likers (`likes`, `likedBy`: creatives, comments), read
 * as `data`: the state to answer and the update to write, or null when there is nothing to change —
 * liking twice (or unliking twice) changes nothing. The caller writes the update (after any read of
 * its transaction) with its companion documents.
 */
export function likeChange(data: DocumentData, uid: string, liked: boolean): { state: LikeState; update: DocumentData | null } {
  const likedBy: string[] = Array.isArray(data.likedBy) ? data.likedBy : [];
  const likes = typeof data.likes === 'number' ? data.likes : 0;
  if (likedBy.includes(uid) === liked) return { state: { likes, liked }, update: null };
  return {
    state: { likes: likes + (liked ? 1 : -1), liked },
    update: { likes: increment(liked ? 1 : -1), likedBy: liked ? arrayUnion(uid) : arrayRemove(uid) },
  };
}
