import { collection, deleteDoc, doc, type DocumentData, type DocumentReference, type WriteBatch } from 'firebase/firestore';
import type { IndexedFingerprint } from '@domain/fingerprints';
import type { FirebaseContext } from './context';

/**
 * The fingerprint index of Firebase mode's duplicate warning (docs/decisions/025): one document per
 * fingerprinted creative, `fingerprints/{key}`, holding the file's SHA-256, its picture's dHash and
 * the dHash's band keys — no creative id, submitter, date or status. Any agency or staff member may
 * list it (existence is what the warning tells); only the creative, which stores `fingerprintKey`,
 * links the two, and the rules give the creative to those who may read it. Written by the submitter
 * in the batch that creates the creative, never changed, deleted with the creative.
 *
 * A batch cannot tell the rules of a document which other document it goes with: the submitter's
 * `fingerprintClaims/{uid}` (`{ creativeId }`, written in the same batch, readable by nobody, deleted
 * right after) names the creative, whose rules-checked `submittedBy` and `fingerprintKey` then vouch
 * for the index document.
 */
export const FINGERPRINTS = 'fingerprints';
const CLAIMS = 'fingerprintClaims';

export const fingerprintRef = (ctx: FirebaseContext, key: string): DocumentReference => doc(ctx.db, FINGERPRINTS, key);

/** A fresh random key for a creative's index document (a Firestore auto-id: 20 letters and digits). */
export const newFingerprintKey = (ctx: FirebaseContext): string => doc(collection(ctx.db, FINGERPRINTS)).id;

/** What a file's index document holds: nothing but the fingerprint. */
export const fingerprintDocument = ({ sha256, dhash, bands }: IndexedFingerprint): DocumentData => ({ sha256, dhash, bands });

/** Adds a new creative's index document, and the claim that ties it to the creative, to the batch creating it. */
export function indexFingerprint(
  ctx: FirebaseContext,
  batch: WriteBatch,
  entry: { key: string; creativeId: string; uid: string; fingerprint: IndexedFingerprint },
): void {
  batch.set(doc(ctx.db, CLAIMS, entry.uid), { creativeId: entry.creativeId });
  batch.set(fingerprintRef(ctx, entry.key), fingerprintDocument(entry.fingerprint));
}

/** Deletes the claim once the batch is written (it only served the rules); a failure leaves a harmless pointer. */
export function releaseClaim(ctx: FirebaseContext, uid: string): Promise<void> {
  return deleteDoc(doc(ctx.db, CLAIMS, uid)).catch((err: unknown) => ctx.log('[firebase] could not delete the fingerprint claim', err));
}

/** The index document of a creative being deleted, in the same batch (the rules ask for both). */
export function dropFingerprint(ctx: FirebaseContext, batch: WriteBatch, creative: DocumentData): void {
  if (typeof creative.fingerprintKey === 'string') batch.delete(fingerprintRef(ctx, creative.fingerprintKey));
}

export type Fingerprinter = (file: Blob) => Promise<IndexedFingerprint | null>;

/**
 * One computation per file: the check when the file is picked, then its submission. A failure is
 * "no fingerprint" (the check is then unavailable, the submission goes without one).
 */
export function memoizedFingerprinter(compute: Fingerprinter): Fingerprinter {
  const done = new WeakMap<Blob, Promise<IndexedFingerprint | null>>();
  return (file) => {
    let fingerprint = done.get(file);
    if (!fingerprint) {
      fingerprint = compute(file).catch(() => null);
      done.set(file, fingerprint);
    }
    return fingerprint;
  };
}

/** In the browser: src/lib/file-fingerprint.ts, fetched the first time a file is checked or sent. */
export const browserFingerprinter: Fingerprinter = async (file) => (await import('@/lib/file-fingerprint')).fingerprintFile(file);
