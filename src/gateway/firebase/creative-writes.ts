import { serverTimestamp, writeBatch, type DocumentData, type DocumentReference } from 'firebase/firestore';
import type { IndexedFingerprint } from '@domain/fingerprints';
import type { Analysis, User } from '@domain/types';
import type { FirebaseContext } from './context';
import { analysisRef, contributorRef } from './creatives-shared';
import { indexFingerprint, newFingerprintKey, releaseClaim } from './fingerprints';
import { readDocument } from './reads';

/** Fields every new creative starts with (spec §3); the rules check each of them. */
export function newCreativeFields(viewer: User, status: 'pending' | 'approved') {
  return {
    likes: 0,
    likedBy: [],
    comments: 0,
    createdAt: serverTimestamp(),
    validated: status === 'approved',
    status,
    submittedBy: viewer.id,
    isFeatured: false,
    featuredAt: null,
    analyzedBy: null,
    rating: null,
    rejectionReason: null,
  };
}

/**
 * A new creative, its analysis and, with someone's first creative, their `contributors/{uid}` entry
 * (contract §3: the registry of everyone who ever submitted) — in one batch. A batch cannot read,
 * so the entry is looked up just before; the rules refuse a creative whose submitter has no entry
 * after the write, and a second creation of the entry. When two first submissions race, the one
 * that loses finds the entry written by the other and is sent again without it.
 * With the file's fingerprint, its index document goes in the same batch (fingerprints.ts) and the
 * creative holds its key; without one (an image URL, a browser that could not hash), `fingerprintKey` is null.
 */
export async function createCreative(
  ctx: FirebaseContext,
  ref: DocumentReference,
  creative: DocumentData,
  analysis: Analysis,
  uid: string,
  fingerprint: IndexedFingerprint | null = null,
) {
  const contributor = contributorRef(ctx, uid);
  const registered = async () => (await readDocument(ctx.reads, contributor)).exists();
  const key = fingerprint ? newFingerprintKey(ctx) : null;
  const write = (withContributor: boolean) => {
    const batch = writeBatch(ctx.db);
    batch.set(ref, { ...creative, fingerprintKey: key });
    batch.set(analysisRef(ctx, ref.id), analysis);
    if (withContributor) batch.set(contributor, { uid, since: serverTimestamp() });
    if (fingerprint && key) indexFingerprint(ctx, batch, { key, creativeId: ref.id, uid, fingerprint });
    return batch.commit();
  };
  if (await registered()) await write(false);
  else {
    try {
      await write(true);
    } catch (err) {
      if (!(await registered())) throw err;
      await write(false);
    }
  }
  if (key) await releaseClaim(ctx, uid);
}
