import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { indexedFingerprint } from '@domain/fingerprints';
import { EMPTY_ANALYSIS, newCreative, rulesEmulator, rulesSuite, seedPeople, storedCreative } from './rules-harness';

/**
 * The fingerprint index of the duplicate warning (firestore.rules: fingerprints/{key} and
 * fingerprintClaims/{uid}, docs/decisions/025): written only with its creative, by its submitter, in
 * the shape the adapter writes; never changed; deleted with its creative; listed by those who submit
 * without telling them whose creative, or which, a fingerprint belongs to. Skipped with the reason
 * without the emulator.
 */
const PROJECT = 'demo-creatheque-fingerprint-rules';

const firestoreEmulator = await rulesEmulator('tests/firebase/fingerprint-rules.test.ts');

const PEOPLE = { alice: 'user', agnes: 'agency', agathe: 'agency', sam: 'specialist', ada: 'admin' } as const;
type Uid = keyof typeof PEOPLE;

/** A creative as the adapter creates it (firestore.rules' creative rules accept it), with `fingerprintKey`. */
const creative = (submittedBy: string, status: 'pending' | 'approved', fingerprintKey: string | null) =>
  newCreative(submittedBy, status, { fingerprintKey });

const FINGERPRINT = indexedFingerprint({ sha256: 'ab'.repeat(32), dhash: '0f0f3c3c7070e1e1' });
/** Index keys of the stored creatives (20 letters and digits, like Firestore's ids). */
const KEY = { pub: 'PubKey00000000000000', wait: 'WaitKey0000000000000' };
const FRESH_KEY = 'FreshKey000000000000';

describe.skipIf(!firestoreEmulator.available)('fingerprint index rules (firestore.rules)', () => {
  // agnes (agency) has an approved creative `pub` and a pending one `wait`, both fingerprinted, and an
  // older one `old` without a fingerprint; every submitter is in the contributors registry.
  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    await seedPeople(admin, PEOPLE);
    for (const uid of Object.keys(PEOPLE)) await setDoc(doc(admin, 'contributors', uid), { uid, since: Timestamp.now() });
    const stored = (status: 'pending' | 'approved', key: string | null) => storedCreative('agnes', status, { fingerprintKey: key });
    await setDoc(doc(admin, 'creatives', 'pub'), stored('approved', KEY.pub));
    await setDoc(doc(admin, 'creatives', 'wait'), stored('pending', KEY.wait));
    await setDoc(doc(admin, 'creatives', 'old'), stored('approved', null));
    for (const id of ['pub', 'wait', 'old']) await setDoc(doc(admin, 'creatives', id, 'private', 'analysis'), EMPTY_ANALYSIS);
    await setDoc(doc(admin, 'fingerprints', KEY.pub), FINGERPRINT);
    await setDoc(doc(admin, 'fingerprints', KEY.wait), { ...FINGERPRINT, sha256: 'cd'.repeat(32) });
  });
  const db = (uid: Uid | null): Firestore => suite.db(uid);

  /**
   * A submission as the adapter writes it (creative-writes.ts): the creative with its key, its
   * analysis, the caller's claim and the index document, in one batch. `change` alters the parts.
   */
  async function submit(
    uid: Uid,
    change: {
      creative?: Record<string, unknown>;
      fingerprint?: Record<string, unknown> | null;
      claim?: Record<string, unknown> | null;
      key?: string;
      id?: string;
    } = {},
  ) {
    const store = db(uid);
    const ref = change.id ? doc(store, 'creatives', change.id) : doc(collection(store, 'creatives'));
    const key = change.key ?? FRESH_KEY;
    const batch = writeBatch(store);
    batch.set(ref, { ...creative(uid, PEOPLE[uid] === 'agency' ? 'pending' : 'approved', key), ...change.creative });
    batch.set(doc(store, 'creatives', ref.id, 'private', 'analysis'), EMPTY_ANALYSIS);
    if (change.claim !== null) batch.set(doc(store, 'fingerprintClaims', uid), change.claim ?? { creativeId: ref.id });
    if (change.fingerprint !== null) batch.set(doc(store, 'fingerprints', key), change.fingerprint ?? { ...FINGERPRINT });
    await batch.commit();
    return ref.id;
  }

  describe('writing', () => {
    it('lets an agency and staff fingerprint their own new creative, the claim deleted after by its owner', async () => {
      await assertSucceeds(submit('agathe'));
      await assertSucceeds(deleteDoc(doc(db('agathe'), 'fingerprintClaims', 'agathe')));
      await assertSucceeds(submit('sam', { key: 'SamKey00000000000000' }));
      await assertSucceeds(submit('agathe', { key: 'FlatKey0000000000000', fingerprint: { ...FINGERPRINT, dhash: null, bands: [] } }));
    });

    it('lets a creative go without a fingerprint, as before', async () => {
      await assertSucceeds(submit('agathe', { creative: { fingerprintKey: null }, fingerprint: null, claim: null }));
    });

    it('refuses a fingerprint of another shape: hex lengths, case, bands, extra fields', async () => {
      const wrong: Record<string, unknown>[] = [
        { ...FINGERPRINT, sha256: 'ab'.repeat(31) },
        { ...FINGERPRINT, sha256: 'AB'.repeat(32) },
        { ...FINGERPRINT, dhash: '0f0f3c3c7070e1e' },
        { ...FINGERPRINT, dhash: '0f0f3c3c7070e1e1aa' },
        { ...FINGERPRINT, bands: FINGERPRINT.bands.slice(1) },
        { ...FINGERPRINT, bands: [...FINGERPRINT.bands.slice(1), FINGERPRINT.bands[0]] },
        { ...FINGERPRINT, dhash: null },
        { ...FINGERPRINT, creativeId: 'x' },
        { ...FINGERPRINT, submittedBy: 'agathe' },
        { sha256: FINGERPRINT.sha256, dhash: FINGERPRINT.dhash },
      ];
      for (const fingerprint of wrong) await assertFails(submit('agathe', { fingerprint }));
      await assertFails(submit('agathe', { key: 'short' }));
    });

    it('refuses users and visitors', async () => {
      await assertFails(submit('alice'));
      const store = db(null);
      await assertFails(setDoc(doc(store, 'fingerprints', FRESH_KEY), FINGERPRINT));
    });
  });

  describe('attacks', () => {
    it("refuses a fingerprint forged on someone else's creative", async () => {
      // A claim on agnes's existing creative, with an index document for it.
      const store = db('agathe');
      const claimOld = writeBatch(store);
      claimOld.set(doc(store, 'fingerprintClaims', 'agathe'), { creativeId: 'old' });
      claimOld.set(doc(store, 'fingerprints', FRESH_KEY), FINGERPRINT);
      await assertFails(claimOld.commit());
      // Giving agnes's creative a key, or another one.
      await assertFails(updateDoc(doc(store, 'creatives', 'old'), { fingerprintKey: FRESH_KEY }));
      await assertFails(updateDoc(doc(db('agnes'), 'creatives', 'old'), { fingerprintKey: FRESH_KEY }));
      // Rewriting the index document of agnes's pending creative, alone or with a creative of one's own.
      await assertFails(setDoc(doc(store, 'fingerprints', KEY.wait), FINGERPRINT));
      await assertFails(submit('agathe', { key: KEY.wait }));
      // An index document with no creative, or with a creative that is not the caller's or holds another key.
      await assertFails(setDoc(doc(store, 'fingerprints', FRESH_KEY), FINGERPRINT));
      await assertFails(submit('agathe', { claim: null }));
      await assertFails(submit('agathe', { creative: { submittedBy: 'agnes' } }));
      await assertFails(submit('agathe', { creative: { fingerprintKey: 'OtherKey000000000000' } }));
      // A creative whose key names no new index document.
      await assertFails(submit('agathe', { fingerprint: null }));
      // A claim naming something else than an id.
      await assertFails(setDoc(doc(store, 'fingerprintClaims', 'agathe'), { creativeId: '../users/agnes' }));
      await assertFails(setDoc(doc(store, 'fingerprintClaims', 'agnes'), { creativeId: 'x' }));
    });

    it('refuses any change of a fingerprint after its creation, even by its owner or staff', async () => {
      const mine = doc(db('agnes'), 'fingerprints', KEY.wait);
      await assertFails(setDoc(mine, { ...FINGERPRINT, sha256: 'ef'.repeat(32) }));
      await assertFails(updateDoc(mine, { dhash: 'ffffffffffffffff' }));
      await assertFails(deleteDoc(mine));
      await assertFails(updateDoc(doc(db('sam'), 'fingerprints', KEY.wait), { dhash: 'ffffffffffffffff' }));
      // Staff edit a creative as before, but never its key.
      await assertSucceeds(updateDoc(doc(db('sam'), 'creatives', 'wait'), { name: 'Nouveau nom' }));
      await assertFails(updateDoc(doc(db('sam'), 'creatives', 'wait'), { fingerprintKey: FRESH_KEY }));
      await assertFails(updateDoc(doc(db('sam'), 'creatives', 'wait'), { fingerprintKey: null }));
    });

    it("does not lead an agency to another agency's pending creative", async () => {
      const store = db('agathe');
      const listed = await assertSucceeds(getDocs(query(collection(store, 'fingerprints'), limit(500))));
      expect(listed.size).toBe(2);
      for (const d of listed.docs) {
        expect(Object.keys(d.data()).sort()).toEqual(['bands', 'dhash', 'sha256']);
        expect(['pub', 'wait', 'old']).not.toContain(d.id);
      }
      // The key leads to the creative only for those who may read it.
      await assertFails(getDocs(query(collection(store, 'creatives'), where('fingerprintKey', '==', KEY.wait))));
      const approved = await assertSucceeds(
        getDocs(
          query(collection(store, 'creatives'), where('status', '==', 'approved'), where('fingerprintKey', 'in', [KEY.pub, KEY.wait])),
        ),
      );
      expect(approved.docs.map((d) => d.id)).toEqual(['pub']);
      const own = await assertSucceeds(
        getDocs(query(collection(store, 'creatives'), where('submittedBy', '==', 'agathe'), where('fingerprintKey', 'in', [KEY.wait]))),
      );
      expect(own.size).toBe(0);
      await assertFails(
        getDocs(query(collection(store, 'creatives'), where('submittedBy', '==', 'agnes'), where('fingerprintKey', '==', KEY.wait))),
      );
      await assertFails(getDoc(doc(store, 'creatives', 'wait')));
      // Nobody reads the claims, not even their owner.
      await assertFails(getDoc(doc(store, 'fingerprintClaims', 'agnes')));
      await assertFails(getDoc(doc(db('agnes'), 'fingerprintClaims', 'agnes')));
      await assertFails(getDocs(collection(db('ada'), 'fingerprintClaims')));
    });

    it('lists the index for agencies and staff only, a page of at most 500', async () => {
      const index = (uid: Uid | null) => collection(db(uid), 'fingerprints');
      await assertFails(getDocs(index('agathe')));
      await assertFails(getDocs(query(index('agathe'), limit(501))));
      await assertFails(getDocs(query(index('alice'), limit(10))));
      await assertFails(getDocs(query(index(null), limit(10))));
      await assertFails(getDoc(doc(db('agathe'), 'fingerprints', KEY.wait)));
      await assertSucceeds(getDocs(query(index('agathe'), where('sha256', '==', FINGERPRINT.sha256), limit(20))));
      await assertSucceeds(getDocs(query(index('sam'), where('bands', 'array-contains-any', FINGERPRINT.bands), limit(300))));
      await assertSucceeds(getDocs(query(index('ada'), limit(500))));
    });
  });

  describe('deleting', () => {
    it('deletes a creative only with its index document, in the same batch, by staff', async () => {
      const withAnalysis = (uid: Uid, alsoIndex: boolean) => {
        const store = db(uid);
        const batch = writeBatch(store);
        batch.delete(doc(store, 'creatives', 'wait'));
        batch.delete(doc(store, 'creatives', 'wait', 'private', 'analysis'));
        if (alsoIndex) batch.delete(doc(store, 'fingerprints', KEY.wait));
        return batch.commit();
      };
      await assertFails(withAnalysis('sam', false));
      await assertFails(withAnalysis('agnes', true));
      await assertSucceeds(withAnalysis('sam', true));
    });
  });
});
