/**
 * What the browser of an admin cannot do when deleting a user in the Firebase mode (ADR 002,
 * docs/decisions/005): the app removes the profile, comments and likes and leaves a tombstone
 * `deletedUsers/{uid}`; this command, run with the Admin SDK from a trusted machine, finishes the
 * job for every tombstone not yet finished — it deletes the Firebase Auth account (so the e-mail
 * can be used again and the account can no longer sign in), the user's folders with their notes
 * and share links (owner-only, so no admin could list them) and any like records left under `users/{uid}/likes`, then marks the
 * tombstone `authDeletedAt`. Safe to run again: finished tombstones are skipped.
 */
import { FieldValue, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';

const BATCH = 400;

export interface AccountDeletion {
  uid: string;
  authAccount: 'deleted' | 'already gone';
  folders: number;
  likes: number;
}

async function deleteQueryInBatches(db: Firestore, docs: QueryDocumentSnapshot[]): Promise<void> {
  for (let i = 0; i < docs.length; i += BATCH) {
    const batch = db.batch();
    for (const d of docs.slice(i, i + BATCH)) batch.delete(d.ref);
    await batch.commit();
  }
}

/** Finishes the deletion of every user whose tombstone is not marked yet; returns what it did. */
export async function deleteRemovedAccounts(
  { db, auth }: { db: Firestore; auth: Auth },
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<AccountDeletion[]> {
  const tombstones = await db.collection('deletedUsers').get();
  const done: AccountDeletion[] = [];
  for (const tombstone of tombstones.docs) {
    if (tombstone.get('authDeletedAt')) continue;
    const uid = tombstone.id;
    const [folders, likes, account] = await Promise.all([
      db.collection('folders').where('userId', '==', uid).get(),
      db.collection('users').doc(uid).collection('likes').get(),
      auth.getUser(uid).then(
        () => true,
        (err: { code?: string }) => {
          if (err.code === 'auth/user-not-found') return false;
          throw err;
        },
      ),
    ]);
    done.push({ uid, authAccount: account ? 'deleted' : 'already gone', folders: folders.size, likes: likes.size });
    if (dryRun) continue;
    if (account) await auth.deleteUser(uid);
    // Their share links (docs/decisions/026), each with its copies and their analyses; the rules
    // already refused them to visitors once the profile was gone.
    const links = await db.collection('shares').where('userId', '==', uid).get();
    for (const link of links.docs) await db.recursiveDelete(link.ref);
    const notes = await Promise.all(folders.docs.map((f) => f.ref.collection('notes').get()));
    const rings = await Promise.all(folders.docs.map((f) => f.ref.collection('shares').get()));
    await deleteQueryInBatches(db, [...notes.flatMap((n) => n.docs), ...rings.flatMap((r) => r.docs), ...folders.docs, ...likes.docs]);
    await tombstone.ref.update({ authDeletedAt: FieldValue.serverTimestamp() });
  }
  return done;
}
