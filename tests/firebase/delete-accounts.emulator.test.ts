import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRemovedAccounts } from '../../scripts/firebase/account-deletion';
import { openAdmin, type AdminServices } from '../../scripts/firebase/admin';
import { probe, PROJECT_ID, reportSkip } from './emulators';
import { uniqueEmail } from './helpers';

/**
 * `npm run firebase:delete-accounts` on the Auth and Firestore emulators: what an admin's browser
 * cannot delete (the Auth account, the user's folders with their notes and share links, like records left behind) goes, once.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('the account deletion command', missing);

describe.skipIf(missing.length > 0)('firebase:delete-accounts (Admin SDK, emulators)', () => {
  let admin: AdminServices;

  beforeAll(() => {
    // The Admin SDK finds the emulators through these variables (never a real project here).
    process.env.FIRESTORE_EMULATOR_HOST = `${firestore.host}:${firestore.port}`;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${auth.host}:${auth.port}`;
    admin = openAdmin(PROJECT_ID);
  });
  afterAll(() => admin?.close());
  /** Folders of deleted users that held a note. */
  const notedFolders: string[] = [];
  /** Their share links. */
  const sharedTokens: string[] = [];

  async function deletedInTheApp(options: { withAccount: boolean }) {
    const uid = options.withAccount
      ? (await admin.auth.createUser({ email: uniqueEmail('deleted'), password: 'secret1' })).uid
      : `gone-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const { db } = admin;
    const noted = await db
      .collection('folders')
      .add({ userId: uid, name: 'Inspiration', creatives: ['a', 'b'], createdAt: Timestamp.now() });
    await noted.collection('notes').doc('a').set({ note: 'À revoir' });
    // A share link of it (docs/decisions/026): the link, its copy with an analysis, the key ring.
    const token = `lnk${noted.id}`.padEnd(32, 'x').slice(0, 32);
    await db.doc(`shares/${token}`).set({ userId: uid, folderId: noted.id, hasPassword: false, expiresAt: null });
    await db.doc(`shares/${token}/content/k/analyses/a`).set({ attention: 'Accroche' });
    await db.doc(`shares/${token}/content/k`).set({ folderName: 'Inspiration', creatives: ['a', 'b'], notes: {} });
    await noted.collection('shares').doc(token).set({ contentKey: 'k', includeAnalysis: true, includeNotes: false });
    notedFolders.push(noted.id);
    sharedTokens.push(token);
    await db.collection('folders').add({ userId: uid, name: 'Noël', creatives: [], createdAt: Timestamp.now() });
    await db.doc(`users/${uid}/likes/c1`).set({ creativeId: 'c1', likedAt: Timestamp.now() });
    await db.doc(`deletedUsers/${uid}`).set({ deletedAt: Timestamp.now(), deletedBy: 'an-admin' });
    return uid;
  }

  it('deletes the Auth account, the folders (with their notes) and leftover likes of each deleted user, then marks the tombstone', async () => {
    const kept = await admin.auth.createUser({ email: uniqueEmail('kept'), password: 'secret1' });
    const keptFolder = await admin.db
      .collection('folders')
      .add({ userId: kept.uid, name: 'À moi', creatives: [], createdAt: Timestamp.now() });
    const withAccount = await deletedInTheApp({ withAccount: true });
    const withoutAccount = await deletedInTheApp({ withAccount: false });

    const planned = await deleteRemovedAccounts(admin, { dryRun: true });
    expect(planned).toEqual(
      expect.arrayContaining([
        { uid: withAccount, authAccount: 'deleted', folders: 2, likes: 1 },
        { uid: withoutAccount, authAccount: 'already gone', folders: 2, likes: 1 },
      ]),
    );
    // A dry run changes nothing.
    await expect(admin.auth.getUser(withAccount)).resolves.toMatchObject({ uid: withAccount });

    const done = await deleteRemovedAccounts(admin);
    expect(done.map((d) => d.uid)).toEqual(expect.arrayContaining([withAccount, withoutAccount]));
    await expect(admin.auth.getUser(withAccount)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    for (const uid of [withAccount, withoutAccount]) {
      expect((await admin.db.collection('folders').where('userId', '==', uid).get()).size).toBe(0);
      expect((await admin.db.collection(`users/${uid}/likes`).get()).size).toBe(0);
      expect((await admin.db.doc(`deletedUsers/${uid}`).get()).get('authDeletedAt')).toBeInstanceOf(Timestamp);
    }
    for (const id of notedFolders) expect((await admin.db.collection(`folders/${id}/notes`).get()).size).toBe(0);
    for (const id of notedFolders) expect((await admin.db.collection(`folders/${id}/shares`).get()).size).toBe(0);
    for (const token of sharedTokens) {
      expect((await admin.db.doc(`shares/${token}`).get()).exists).toBe(false);
      expect((await admin.db.doc(`shares/${token}/content/k`).get()).exists).toBe(false);
      expect((await admin.db.doc(`shares/${token}/content/k/analyses/a`).get()).exists).toBe(false);
    }
    // Nobody else is touched.
    await expect(admin.auth.getUser(kept.uid)).resolves.toMatchObject({ uid: kept.uid });
    expect((await keptFolder.get()).exists).toBe(true);

    // Finished tombstones are skipped: a second run has nothing to do.
    const again = await deleteRemovedAccounts(admin);
    expect(again.map((d) => d.uid)).not.toContain(withAccount);
    expect(again.map((d) => d.uid)).not.toContain(withoutAccount);
  });
});
