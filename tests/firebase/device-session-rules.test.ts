import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { profile, rulesEmulator, rulesSuite, seedPeople } from './rules-harness';

/**
 * 'Déconnecter les autres appareils' in the rules (firestore.rules, sessionStillValid; ADR 023):
 * once a user's `sessionsRevokedAt` is set, an ID token signed in before it (`auth_time`) is
 * refused every private read and every write, except the device that asked (its `auth_time` is
 * `sessionsKeptAuthTime`); tokens signed in after it pass. Nobody sets another user's time, nor
 * their own to another time than now. Skipped with the reason without the emulator.
 */
const PROJECT = 'demo-creatheque-session-rules';

const firestoreEmulator = await rulesEmulator('tests/firebase/device-session-rules.test.ts');

const PEOPLE = { alice: 'user', bob: 'user', sam: 'specialist', ada: 'admin' } as const;
type Uid = keyof typeof PEOPLE | 'newcomer';

/** Alice clicked at 12:00:00.500 on a device signed in at 09:00 (seconds, as `auth_time`). */
const REVOKED_AT = new Date('2026-06-01T12:00:00.500Z');
const REVOKED_SECOND = Math.floor(REVOKED_AT.getTime() / 1000);
const KEPT = Math.floor(Date.parse('2026-06-01T09:00:00Z') / 1000);
const BEFORE = REVOKED_SECOND - 3600;
const SAME_SECOND = REVOKED_SECOND;
const AFTER = REVOKED_SECOND + 1;

describe.skipIf(!firestoreEmulator.available)('device sessions in the rules (firestore.rules)', () => {
  const me = (store: Firestore, uid: Uid = 'alice') => doc(store, 'users', uid);

  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    await seedPeople(admin, PEOPLE);
    await setDoc(me(admin), { sessionsRevokedAt: Timestamp.fromDate(REVOKED_AT), sessionsKeptAuthTime: KEPT }, { merge: true });
    await setDoc(doc(admin, 'folders', 'f1'), { userId: 'alice', name: 'Idées', creatives: [], createdAt: Timestamp.now() });
    await setDoc(doc(admin, 'users', 'alice', 'notifications', 'n1'), { type: 'comment', read: false });
  });
  /** A client of `uid` whose ID token was signed in at `authTime` (seconds since 1970). */
  const db = (uid: Uid, authTime = KEPT): Firestore => suite.db(uid, { auth_time: authTime });

  /** What a signed-in device of alice does all day: own profile, folders, notifications, a new folder, her names. */
  async function everyday(store: Firestore, expect: typeof assertSucceeds | typeof assertFails) {
    await expect(getDoc(me(store)));
    await expect(getDoc(doc(store, 'folders', 'f1')));
    await expect(getDocs(query(collection(store, 'folders'), where('userId', '==', 'alice'))));
    await expect(getDocs(collection(store, 'users', 'alice', 'notifications')));
    await expect(getDocs(collection(store, 'users', 'alice', 'likes')));
    await expect(
      setDoc(doc(store, 'folders', `new-${Math.random()}`), {
        userId: 'alice',
        name: 'Nouveau',
        creatives: [],
        createdAt: serverTimestamp(),
      }),
    );
    await expect(updateDoc(me(store), { firstName: 'Alicia' }));
  }

  it('refuses a device signed in before the time everything but what visitors may read', async () => {
    await everyday(db('alice', BEFORE), assertFails);
    // The same second as the click, before it (auth_time has no finer grain): refused too.
    await everyday(db('alice', SAME_SECOND), assertFails);
    // What a visitor may read stays readable (comments here).
    await assertSucceeds(getDocs(collection(db('alice', BEFORE), 'comments')));
  });

  it('lets a device signed in after the time, and the device that asked, go on', async () => {
    await everyday(db('alice', AFTER), assertSucceeds);
    await everyday(db('alice', KEPT), assertSucceeds);
  });

  it('leaves the other accounts alone', async () => {
    await assertSucceeds(getDoc(me(db('bob', BEFORE), 'bob')));
    await assertSucceeds(updateDoc(me(db('bob', BEFORE), 'bob'), { firstName: 'Robert' }));
    // Staff still read alice's profile (user administration, submitter names).
    await assertSucceeds(getDoc(me(db('sam', BEFORE))));
    // Registration: no profile yet, nothing to compare with.
    await assertSucceeds(setDoc(me(db('newcomer', BEFORE), 'newcomer'), profile('newcomer', 'user')));
  });

  it('lets a user sign out their other devices now, keeping their own sign-in', async () => {
    const now = Math.floor(Date.now() / 1000) - 60;
    const phone = db('alice', now);
    await assertSucceeds(updateDoc(me(phone), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: now }));
    // The phone goes on; the device kept before, and one signed in since the old time, are out.
    await everyday(phone, assertSucceeds);
    await everyday(db('alice', KEPT), assertFails);
    await everyday(db('alice', AFTER), assertFails);
  });

  it('refuses the attacks: another user, another time, another device kept, a device already out', async () => {
    const after = db('alice', AFTER);
    // Another user's time, by a user or by an admin (who may change alice's role only).
    await assertFails(updateDoc(me(db('bob', AFTER)), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: AFTER }));
    await assertFails(updateDoc(me(db('ada', AFTER)), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: AFTER }));
    await assertFails(updateDoc(me(db('ada', AFTER)), { sessionsKeptAuthTime: BEFORE }));
    // Backwards (readmitting old devices), ahead, or removed: only the request's time is accepted.
    await assertFails(
      updateDoc(me(after), { sessionsRevokedAt: Timestamp.fromDate(new Date('2026-01-01T00:00:00Z')), sessionsKeptAuthTime: AFTER }),
    );
    await assertFails(
      updateDoc(me(after), { sessionsRevokedAt: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')), sessionsKeptAuthTime: AFTER }),
    );
    await assertFails(updateDoc(me(after), { sessionsRevokedAt: deleteField(), sessionsKeptAuthTime: deleteField() }));
    // Keeping another device's sign-in than one's own.
    await assertFails(updateDoc(me(after), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: BEFORE }));
    // Keeping itself back in, from a device already signed out.
    await assertFails(updateDoc(me(db('alice', BEFORE)), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: BEFORE }));
    // Nor with another field on the side.
    await assertFails(updateDoc(me(after), { sessionsRevokedAt: serverTimestamp(), sessionsKeptAuthTime: AFTER, role: 'admin' }));
    // The profile's creation cannot carry them either.
    await assertFails(
      setDoc(me(db('newcomer', AFTER), 'newcomer'), { ...profile('newcomer', 'user'), sessionsRevokedAt: serverTimestamp() }),
    );
  });
});
