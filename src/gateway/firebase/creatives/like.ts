import { serverTimestamp } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import type { LikeState } from '@domain/types';
import { requireUid, type FirebaseContext } from '../context';
import { creativeRef, notFoundCreative } from '../creatives-shared';
import { likeRef } from '../likes';
import { likeChange, transactOn } from '../transactions';

/**
 * Likes or unlikes an approved creative (idempotent): its counter and the dated like document
 * change together in one transaction (the rules tie them).
 */
export async function setCreativeLike(ctx: FirebaseContext, id: string, liked: boolean): Promise<LikeState> {
  const uid = await requireUid(ctx);
  const ref = creativeRef(ctx, id);
  return transactOn(
    ctx,
    ref,
    notFoundCreative,
    (tx, data) => {
      if (data.status !== 'approved') throw notFoundCreative();
      const { state, update } = likeChange(data, uid, liked);
      if (!update) return state;
      tx.update(ref, update);
      if (liked) tx.set(likeRef(ctx, uid, id), { creativeId: id, likedAt: serverTimestamp() });
      else tx.delete(likeRef(ctx, uid, id));
      return state;
    },
    { deniedIsNotFound: true, notFoundMessage: MSG.creativeNotFound },
  );
}
