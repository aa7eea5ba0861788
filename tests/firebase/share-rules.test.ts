import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { contentKey } from '@/gateway/firebase/shares/keys';
import { rulesEmulator, rulesSuite, seedPeople, storedCreative } from './rules-harness';

/**
 * The rules of share links in Firebase mode (firestore.rules, shares/{token}, docs/decisions/026):
 * a link is read by `get` only, its copy only under the key its password gives and only while it
 * is open; only the owner of the folder makes, lists and revokes links, and a copy holds notes and
 * analyses only when the link includes them. Mostly the attacks. Skipped with the reason without
 * the emulator.
 */
const PROJECT = 'demo-creatheque-share-rules';

const firestoreEmulator = await rulesEmulator('tests/firebase/share-rules.test.ts');

const PEOPLE = { alice: 'user', bob: 'user' } as const;
const PASSWORD = 'un-mot-de-passe-long';
const OPEN = 'openOpenOpenOpenOpenOpenOpenOpen';
const LOCKED = 'lockLockLockLockLockLockLockLock';
const EXPIRED = 'pastPastPastPastPastPastPastPast';
const ANALYSIS = { attention: 'Accroche', interest: '', desire: '', bestPractices: ['Hook'], actions: [] };

const folder = (userId: string, creatives: string[], name = 'Campagne') => ({ userId, name, creatives, createdAt: Timestamp.now() });
const head = (folderId: string, options: Record<string, unknown> = {}) => ({
  userId: 'alice',
  folderId,
  hasPassword: false,
  expiresAt: null,
  allowDownload: false,
  includeAnalysis: false,
  includeNotes: false,
  createdAt: Timestamp.now(),
  ...options,
});

const keys = { open: '', locked: '', expired: '' };
let made = 0;

describe.skipIf(!firestoreEmulator.available)('share link rules (firestore.rules)', () => {
  const share = (db: Firestore, token: string) => doc(db, 'shares', token);
  const content = (db: Firestore, token: string, key: string) => doc(db, 'shares', token, 'content', key);
  const analysis = (db: Firestore, token: string, key: string, id: string) => doc(content(db, token, key), 'analyses', id);
  const ring = (db: Firestore, folderId: string, token: string) => doc(db, 'folders', folderId, 'shares', token);

  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    keys.open = await contentKey(OPEN, '');
    keys.locked = await contentKey(LOCKED, PASSWORD);
    keys.expired = await contentKey(EXPIRED, '');
    await seedPeople(admin, PEOPLE);
    await setDoc(doc(admin, 'creatives', 'pub'), storedCreative('sam', 'approved'));
    await setDoc(doc(admin, 'creatives', 'pub', 'private', 'analysis'), ANALYSIS);
    await setDoc(doc(admin, 'folders', 'f1'), folder('alice', ['pub']));
    await setDoc(doc(admin, 'folders', 'f2'), folder('bob', ['pub'], 'Chez Bob'));
    await setDoc(doc(admin, 'folders', 'f1', 'notes', 'pub'), { note: 'Pour le client' });
    const seedLink = async (token: string, key: string, options: Record<string, unknown>, notes: Record<string, string> = {}) => {
      await setDoc(share(admin, token), head('f1', options));
      await setDoc(ring(admin, 'f1', token), {
        contentKey: key,
        includeAnalysis: options.includeAnalysis ?? false,
        includeNotes: options.includeNotes ?? false,
      });
      await setDoc(content(admin, token, key), { folderName: 'Campagne', creatives: ['pub'], notes });
    };
    await seedLink(OPEN, keys.open, {});
    await seedLink(LOCKED, keys.locked, { hasPassword: true, includeAnalysis: true, includeNotes: true }, { pub: 'Pour le client' });
    await setDoc(analysis(admin, LOCKED, keys.locked, 'pub'), ANALYSIS);
    await seedLink(EXPIRED, keys.expired, { expiresAt: Timestamp.fromMillis(Date.now() - 60_000) });
  });
  const db = (uid: keyof typeof PEOPLE | null): Firestore => suite.db(uid);

  /** A new link of `folderId` by `uid` in one batch, as the adapter writes it; `change` alters any part. */
  async function newLink(
    uid: keyof typeof PEOPLE,
    folderId: string,
    change: { head?: Record<string, unknown>; ring?: Record<string, unknown>; content?: Record<string, unknown>; password?: string } = {},
  ) {
    const store = db(uid);
    const token = `newLink${String(++made).padStart(25, '0')}`;
    const key = await contentKey(token, change.password ?? '');
    const source = folderId === 'f1' ? folder('alice', ['pub']) : folder('bob', ['pub'], 'Chez Bob');
    const batch = writeBatch(store);
    batch.set(ring(store, folderId, token), { contentKey: key, includeAnalysis: false, includeNotes: false, ...change.ring });
    batch.set(share(store, token), {
      ...head(folderId, { userId: uid, hasPassword: change.password !== undefined }),
      createdAt: serverTimestamp(),
      ...change.head,
    });
    batch.set(content(store, token, key), { folderName: source.name, creatives: source.creatives, notes: {}, ...change.content });
    return { commit: () => batch.commit(), token, key };
  }

  it('opens a link without a password to anyone holding its token, by get only', async () => {
    await assertSucceeds(getDoc(share(db(null), OPEN)));
    const copy = await assertSucceeds(getDoc(content(db(null), OPEN, keys.open)));
    expect(copy.data()).toEqual({ folderName: 'Campagne', creatives: ['pub'], notes: {} });
    await assertFails(getDocs(collection(db(null), 'shares', OPEN, 'content')));
  });

  it('never lets a visitor or another user list links; the owner lists only their own', async () => {
    await assertFails(getDocs(collection(db(null), 'shares')));
    await assertFails(getDocs(query(collection(db(null), 'shares'), where('userId', '==', 'alice'))));
    await assertFails(getDocs(query(collection(db('bob'), 'shares'), where('userId', '==', 'alice'))));
    await assertFails(getDocs(query(collection(db('bob'), 'shares'), where('folderId', '==', 'f1'))));
    await assertFails(getDocs(collection(db('alice'), 'shares')));
    const own = await assertSucceeds(getDocs(query(collection(db('alice'), 'shares'), where('userId', '==', 'alice'))));
    expect(own.size).toBe(3);
    await assertFails(getDocs(collection(db('bob'), 'folders', 'f1', 'shares')));
    await assertFails(getDoc(ring(db(null), 'f1', LOCKED)));
  });

  it("shows a protected link's copy only under its password's key", async () => {
    const noPassword = await assertSucceeds(getDoc(content(db(null), LOCKED, await contentKey(LOCKED, ''))));
    expect(noPassword.exists()).toBe(false);
    const wrong = await assertSucceeds(getDoc(content(db(null), LOCKED, await contentKey(LOCKED, 'un-mot-de-passe-faux'))));
    expect(wrong.exists()).toBe(false);
    await assertFails(getDocs(collection(db(null), 'shares', LOCKED, 'content')));
    await assertFails(getDocs(collection(db('bob'), 'shares', LOCKED, 'content')));
    const right = await assertSucceeds(getDoc(content(db(null), LOCKED, keys.locked)));
    expect(right.data()?.notes).toEqual({ pub: 'Pour le client' });
    await assertSucceeds(getDoc(analysis(db(null), LOCKED, keys.locked, 'pub')));
  });

  it('refuses the copy of an expired link, even with its key, while saying it expired', async () => {
    const link = await assertSucceeds(getDoc(share(db(null), EXPIRED)));
    expect(link.data()?.expiresAt).toBeInstanceOf(Timestamp);
    await assertFails(getDoc(content(db(null), EXPIRED, keys.expired)));
    await assertFails(getDoc(content(db('bob'), EXPIRED, keys.expired)));
    await assertSucceeds(getDoc(content(db('alice'), EXPIRED, keys.expired)));
  });

  it('opens nothing once revoked, nor once its folder or its owner is gone', async () => {
    const store = db('alice');
    const batch = writeBatch(store);
    batch.delete(analysis(store, LOCKED, keys.locked, 'pub'));
    batch.delete(content(store, LOCKED, keys.locked));
    batch.delete(ring(store, 'f1', LOCKED));
    batch.delete(share(store, LOCKED));
    await assertSucceeds(batch.commit());
    expect((await getDoc(share(db(null), LOCKED))).exists()).toBe(false);
    await assertFails(getDoc(content(db(null), LOCKED, keys.locked)));

    await suite.env.withSecurityRulesDisabled(async (ctx) => {
      // What a client deleting the folder by hand, or an admin deleting the owner, leaves behind.
      await deleteDoc(doc(ctx.firestore() as unknown as Firestore, 'folders', 'f1'));
    });
    await assertFails(getDoc(content(db(null), OPEN, keys.open)));
  });

  it("opens nothing of a link whose owner's profile an admin deleted", async () => {
    await suite.env.withSecurityRulesDisabled(async (ctx) => {
      await deleteDoc(doc(ctx.firestore() as unknown as Firestore, 'users', 'alice'));
    });
    await assertFails(getDoc(content(db(null), OPEN, keys.open)));
  });

  it("refuses every write to someone else's link", async () => {
    const bob = db('bob');
    await assertFails(updateDoc(share(bob, OPEN), { includeNotes: true }));
    await assertFails(updateDoc(share(db('alice'), OPEN), { includeNotes: true }));
    await assertFails(deleteDoc(share(bob, OPEN)));
    await assertFails(deleteDoc(share(db(null), OPEN)));
    await assertFails(setDoc(content(bob, OPEN, keys.open), { folderName: 'Campagne', creatives: ['pub'], notes: { pub: 'Piraté' } }));
    await assertFails(deleteDoc(content(bob, LOCKED, keys.locked)));
    await assertFails(setDoc(analysis(bob, LOCKED, keys.locked, 'pub'), ANALYSIS));
    await assertFails(deleteDoc(ring(bob, 'f1', LOCKED)));
    await assertFails(
      setDoc(ring(bob, 'f1', 'bobBobBobBobBobBobBobBobBobBob12'), { contentKey: keys.open, includeAnalysis: true, includeNotes: true }),
    );
  });

  it('lets the owner make a link of their folder in one batch, and nobody a link of a folder they do not own', async () => {
    await assertSucceeds((await newLink('alice', 'f1')).commit());
    await assertSucceeds((await newLink('bob', 'f2', { password: PASSWORD, head: { hasPassword: true } })).commit());
    await assertFails((await newLink('bob', 'f1')).commit());
    await assertFails((await newLink('bob', 'f1', { head: { userId: 'alice' } })).commit());
    await assertFails((await newLink('alice', 'f2')).commit());
  });

  it('refuses a new link that lies about its password, expiry, shape or folder', async () => {
    // "No password" on a key only a password gives, and the other way round.
    await assertFails((await newLink('alice', 'f1', { password: PASSWORD, head: { hasPassword: false } })).commit());
    await assertFails((await newLink('alice', 'f1', { head: { hasPassword: true } })).commit());
    await assertFails((await newLink('alice', 'f1', { head: { expiresAt: Timestamp.fromMillis(Date.now() - 1000) } })).commit());
    await assertFails((await newLink('alice', 'f1', { head: { views: 0 } })).commit());
    await assertFails((await newLink('alice', 'f1', { content: { creatives: ['pub', 'pending'] } })).commit());
    await assertFails((await newLink('alice', 'f1', { content: { folderName: 'Autre nom' } })).commit());
    // The key ring's switches must be the link's.
    await assertFails((await newLink('alice', 'f1', { ring: { includeNotes: true } })).commit());
  });

  it('refuses notes or analyses in a copy whose link does not include them', async () => {
    await assertFails((await newLink('alice', 'f1', { content: { notes: { pub: 'Pour le client' } } })).commit());
    await assertFails(setDoc(analysis(db('alice'), OPEN, keys.open, 'pub'), ANALYSIS));
    await assertFails(getDoc(analysis(db(null), OPEN, keys.open, 'pub')));
    await assertFails(getDoc(doc(db(null), 'creatives', 'pub', 'private', 'analysis')));
    // With them chosen, the owner writes them (an analysis only of a creative the copy lists).
    await assertSucceeds(
      (
        await newLink('alice', 'f1', { head: { includeNotes: true }, ring: { includeNotes: true }, content: { notes: { pub: 'Note' } } })
      ).commit(),
    );
    await assertSucceeds(setDoc(analysis(db('alice'), LOCKED, keys.locked, 'pub'), ANALYSIS));
    await assertFails(setDoc(analysis(db('alice'), LOCKED, keys.locked, 'ailleurs'), ANALYSIS));
    await assertFails(setDoc(analysis(db('alice'), LOCKED, keys.locked, 'pub'), { ...ANALYSIS, extra: true }));
  });

  it("keeps a refreshed copy the folder's own name and list, under the key the owner's ring holds", async () => {
    const alice = db('alice');
    await assertSucceeds(updateDoc(doc(alice, 'folders', 'f1'), { name: 'Nouveau nom' }));
    await assertSucceeds(setDoc(content(alice, OPEN, keys.open), { folderName: 'Nouveau nom', creatives: ['pub'], notes: {} }));
    await assertFails(setDoc(content(alice, OPEN, keys.open), { folderName: 'Campagne', creatives: ['pub'], notes: {} }));
    await assertFails(
      setDoc(content(alice, OPEN, await contentKey(OPEN, 'autre')), { folderName: 'Nouveau nom', creatives: ['pub'], notes: {} }),
    );
  });
});
