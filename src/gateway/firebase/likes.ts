import { collection, doc, type CollectionReference, type DocumentReference } from 'firebase/firestore';
import { PAGE_SIZE } from '@domain/limits';
import { matchesSearch } from '@domain/search';
import type { Creative, Page } from '@domain/types';
import { dataOf, guard, type FirebaseContext } from './context';
import { creativeRef } from './creatives-shared';
import { byTimestamp, newestFirstReader } from './keyset';
import { toCreative } from './mappers';
import { collectPage, decodeCursor, encodeCursor, type ScanBatch, type ScanPosition } from './paging';
import { readDocument } from './reads';

/**
 * Likes with their date (docs/decisions/005): `users/{uid}/likes/{creativeId}` = `{ creativeId,
 * likedAt }`, created and deleted in the same transaction as the creative's `likes` / `likedBy`
 * (firestore.rules ties the two). Favourites read them newest like first; analytics counts them
 * as a collection group over `likedAt`.
 */
export const LIKES = 'likes';

export const likesOf = (ctx: FirebaseContext, uid: string): CollectionReference => collection(ctx.db, 'users', uid, LIKES);

export const likeRef = (ctx: FirebaseContext, uid: string, creativeId: string): DocumentReference => doc(likesOf(ctx, uid), creativeId);

/**
 * Likes read per query while filling a favourites page (a page and one more), and at most per
 * page: each like costs its own read and its creative's, so a page reads at most
 * 2 × 7 batches × 13 = 182 documents, however rare the search term.
 */
export const FAVORITES_BATCH = PAGE_SIZE + 1;
export const FAVORITES_MAX_SCANNED = 90;

/** The liked creative, or null when it is gone or no longer readable (liked, then rejected). */
async function likedCreative(ctx: FirebaseContext, uid: string, creativeId: string): Promise<Creative | null> {
  try {
    const snap = await readDocument(ctx.reads, creativeRef(ctx, creativeId));
    return snap.exists() ? toCreative(snap.id, dataOf(snap), { uid }) : null;
  } catch {
    return null;
  }
}

/** The viewer's likes newest first, each with its creative (read in parallel). */
function favoritesReader(ctx: FirebaseContext, uid: string) {
  const likes = newestFirstReader(ctx, likesOf(ctx, uid).path, [], byTimestamp('likedAt'));
  return async (after: ScanPosition | null, size: number): Promise<ScanBatch<Creative | null>> => {
    const batch = await likes(after, size);
    const creatives = await Promise.all(batch.items.map((like) => likedCreative(ctx, uid, like.value.id)));
    return { exhausted: batch.exhausted, items: batch.items.map((like, i) => ({ value: creatives[i] ?? null, position: like.position })) };
  };
}

/**
 * One page of the viewer's favourites (spec §7): the approved creatives they liked, newest like
 * first, that match the search term. Likes whose creative is gone are skipped.
 */
export async function favoritesPage(
  ctx: FirebaseContext,
  uid: string,
  term: string,
  cursor: string | null | undefined,
): Promise<Page<Creative>> {
  const page = await guard(ctx, () =>
    collectPage(
      favoritesReader(ctx, uid),
      (c) => c !== null && c.status === 'approved' && matchesSearch(c, term),
      decodeCursor(cursor, [...byTimestamp('likedAt').partTypes, 'string']),
      { pageSize: PAGE_SIZE, batchSize: FAVORITES_BATCH, maxScanned: FAVORITES_MAX_SCANNED },
    ),
  );
  return { items: page.items.filter((c): c is Creative => c !== null), nextCursor: encodeCursor(page.next) };
}
