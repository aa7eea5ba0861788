import { collection, doc, getDoc, Timestamp, type DocumentData, type DocumentReference } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { dataOf, guard, type FirebaseContext } from './context';
import { gatewayError } from './errors';
import { toCreative, type ViewerRef } from './mappers';

export const notFoundCreative = () => gatewayError('NOT_FOUND', MSG.creativeNotFound);

/** A document id from the caller, or 'Créative non trouvée' when it cannot be one. */
export function creativeRef(ctx: FirebaseContext, id: string): DocumentReference {
  if (!id || id.includes('/') || id.length > 1500) throw notFoundCreative();
  return doc(collection(ctx.db, 'creatives'), id);
}

/**
 * One creative document the viewer may read. The rules refuse pending and rejected creatives to
 * anyone but staff and the submitting agency; that refusal reads as 'Créative non trouvée'.
 */
export async function readCreativeDoc(ctx: FirebaseContext, id: string): Promise<DocumentData> {
  const ref = creativeRef(ctx, id);
  const snap = await guard(ctx, () => getDoc(ref), { deniedIsNotFound: true, notFoundMessage: MSG.creativeNotFound });
  if (!snap.exists()) throw notFoundCreative();
  return dataOf(snap);
}

/**
 * First and last names of submitters (spec §7: users where id equals submittedBy). Profiles the
 * viewer may not read (the rules give them to staff and to their owner) are left out.
 */
export async function submitterNames(
  ctx: FirebaseContext,
  ids: Iterable<string | null>,
): Promise<Map<string, { firstName: string; lastName: string }>> {
  const unique = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  const names = new Map<string, { firstName: string; lastName: string }>();
  await Promise.all(
    unique.map(async (uid) => {
      try {
        const snap = await getDoc(doc(ctx.db, 'users', uid));
        const data = snap.data();
        if (data) names.set(uid, { firstName: String(data.firstName ?? ''), lastName: String(data.lastName ?? '') });
      } catch {
        // not readable by this viewer: no submitter shown
      }
    }),
  );
  return names;
}

/** Creatives with their submitters' names. */
export async function withSubmitters(
  ctx: FirebaseContext,
  docs: { id: string; data: DocumentData }[],
  viewer: ViewerRef,
): Promise<Creative[]> {
  const names = await submitterNames(
    ctx,
    docs.map((d) => (typeof d.data.submittedBy === 'string' ? d.data.submittedBy : null)),
  );
  return docs.map((d) => toCreative(d.id, d.data, viewer, names.get(d.data.submittedBy as string) ?? null));
}

/** A Timestamp's exact position as plain numbers (cursors), and back. */
export function timestampParts(value: unknown): [number, number] {
  const ts = value instanceof Timestamp ? value : Timestamp.fromMillis(0);
  return [ts.seconds, ts.nanoseconds];
}
