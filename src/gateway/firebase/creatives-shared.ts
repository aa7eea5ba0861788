import { doc, getDoc, where, type DocumentData, type DocumentReference, type QueryConstraint } from 'firebase/firestore';
import { canViewCreative } from '@domain/creative-access';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import type { Analysis, Creative, User } from '@domain/types';
import { dataOf, guard, type FirebaseContext } from './context';
import { ANALYSIS_DOC, PRIVATE_COLLECTION } from './creative-document';
import { gatewayError } from './errors';
import { analysisFromDoc, toCreative, type ViewerRef } from './mappers';
import { readDocument } from './reads';
import { refOrNotFound } from './transactions';

export const notFoundCreative = () => gatewayError('NOT_FOUND', MSG.creativeNotFound);

/**
 * The filters of a query for an author's submissions that `reader` may run: the rules let a member
 * list only creatives they may read (domain/creative-access.ts), so a reader who cannot read the
 * author's pending ones (a user, a former agency) asks for the approved ones only.
 */
export function submissionsOf(authorId: string, reader: Pick<User, 'id' | 'role'>): QueryConstraint[] {
  const readsPending = canViewCreative({ status: 'pending', submittedBy: authorId }, reader);
  return [where('submittedBy', '==', authorId), ...(readsPending ? [] : [where('status', '==', 'approved')])];
}

/** A document id from the caller, or 'Créative non trouvée' when it cannot be one. */
export function creativeRef(ctx: FirebaseContext, id: string): DocumentReference {
  return refOrNotFound(ctx, 'creatives', id, notFoundCreative);
}

/** The creative's members-only analysis (creative-document.ts). */
export function analysisRef(ctx: FirebaseContext, id: string): DocumentReference {
  return doc(creativeRef(ctx, id), PRIVATE_COLLECTION, ANALYSIS_DOC);
}

/** The registry entry of someone who submitted a creative (`contributors/{uid}`, analytics). */
export function contributorRef(ctx: FirebaseContext, uid: string): DocumentReference {
  return doc(ctx.db, 'contributors', uid);
}

/**
 * One creative document the viewer may read. The rules refuse pending and rejected creatives to
 * anyone but staff and the submitting agency; that refusal reads as 'Créative non trouvée'.
 */
export async function readCreativeDoc(ctx: FirebaseContext, id: string): Promise<DocumentData> {
  const ref = creativeRef(ctx, id);
  const snap = await guard(ctx, () => readDocument(ctx.reads, ref), { deniedIsNotFound: true, notFoundMessage: MSG.creativeNotFound });
  if (!snap.exists()) throw notFoundCreative();
  return dataOf(snap);
}

/**
 * A creative as its detail shows it: the document and, for a member (spec §6), its analysis, read
 * side by side. The rules give the analysis to whoever may read the creative, so a refusal of
 * either means the same 'Créative non trouvée'; a visitor never asks for it (nothing to refuse).
 */
export async function readCreativeWithAnalysis(
  ctx: FirebaseContext,
  id: string,
  viewer: User | null,
): Promise<{ data: DocumentData; analysis: Analysis | null }> {
  const member = viewer !== null && can(viewer.role, 'creative:read-analysis');
  const [data, analysis] = await Promise.all([
    readCreativeDoc(ctx, id),
    member
      ? guard(ctx, () => readDocument(ctx.reads, analysisRef(ctx, id)), {
          deniedIsNotFound: true,
          notFoundMessage: MSG.creativeNotFound,
        }).then((snap) => analysisFromDoc(snap.data()))
      : null,
  ]);
  return { data, analysis };
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

/** Creatives with their submitters' names (and their analysis when it was read: a detail). */
export async function withSubmitters(
  ctx: FirebaseContext,
  docs: { id: string; data: DocumentData; analysis?: Analysis | null }[],
  viewer: ViewerRef,
): Promise<Creative[]> {
  const names = await submitterNames(
    ctx,
    docs.map((d) => (typeof d.data.submittedBy === 'string' ? d.data.submittedBy : null)),
  );
  return docs.map((d) => toCreative(d.id, d.data, viewer, names.get(d.data.submittedBy as string) ?? null, d.analysis ?? null));
}
