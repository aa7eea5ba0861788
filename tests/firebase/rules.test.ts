import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  arrayRemove,
  arrayUnion,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { deleteObject, getBytes, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '@domain/limits';
import type { Analysis } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS, joinCategory } from '@domain/vocabulary';
import { derivedFields } from '@/gateway/firebase/creative-document';
import { probe, reportSkip } from './emulators';
import {
  CREATIVE_FIELDS,
  EMPTY_ANALYSIS,
  firestoreRules,
  newCreative,
  profile,
  rulesSuite,
  seedPeople,
  storedCreative,
} from './rules-harness';

/**
 * firestore.rules and storage.rules, on the emulators: every role × every operation, own / other,
 * and the attacks the rules exist for. Skipped with the reason when the emulators do not answer.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const storageRules = readFileSync(path.join(root, 'storage.rules'), 'utf8');
const PROJECT = 'demo-creatheque-rules';

const firestoreEmulator = await probe('firestore');
const storageEmulator = await probe('storage');
if (!firestoreEmulator.available) reportSkip('tests/firebase/rules.test.ts (Firestore and Storage rules)', [firestoreEmulator]);
else if (!storageEmulator.available) reportSkip('tests/firebase/rules.test.ts (Storage rules)', [storageEmulator]);

type Uid = 'alice' | 'bob' | 'agnes' | 'agathe' | 'sam' | 'ada' | 'ghost';

/** The cast of the matrix: two users, two agencies, a specialist, an admin, and a deleted account. */
const PEOPLE: Record<Exclude<Uid, 'ghost'>, string> = {
  alice: 'user',
  bob: 'user',
  agnes: 'agency',
  agathe: 'agency',
  sam: 'specialist',
  ada: 'admin',
};

const ANALYSIS = EMPTY_ANALYSIS;
const FILLED: Analysis = { ...ANALYSIS, attention: 'Clair', bestPractices: ['Un hook'] };
const FIELDS = CREATIVE_FIELDS;

const analysisDoc = (store: Firestore, id: string) => doc(store, 'creatives', id, 'private', 'analysis');

describe.skipIf(!firestoreEmulator.available)('Firestore rules (firestore.rules)', () => {
  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    await seedPeople(admin, PEOPLE);
    await setDoc(doc(admin, 'creatives', 'pub'), storedCreative('agnes', 'approved', { likes: 1, likedBy: ['bob'], comments: 1 }));
    await setDoc(doc(admin, 'users', 'bob', 'likes', 'pub'), {
      creativeId: 'pub',
      likedAt: Timestamp.fromDate(new Date('2026-01-03T00:00:00Z')),
    });
    await setDoc(doc(admin, 'creatives', 'wait'), storedCreative('agnes', 'pending'));
    await setDoc(doc(admin, 'creatives', 'no'), storedCreative('agnes', 'rejected'));
    for (const id of ['pub', 'wait', 'no']) await setDoc(analysisDoc(admin, id), ANALYSIS);
    await setDoc(doc(admin, 'comments', 'c1'), {
      userId: 'alice',
      creativeId: 'pub',
      text: 'Bravo',
      createdAt: Timestamp.now(),
      userFirstName: 'Alice',
      userLastName: 'Test',
      likes: 0,
      likedBy: [],
    });
    await setDoc(doc(admin, 'folders', 'f1'), { userId: 'alice', name: 'Idées', creatives: ['pub'], createdAt: Timestamp.now() });
  });
  const db = (uid: Uid | null): Firestore => suite.db(uid);

  describe('users/{uid}', () => {
    const register = (uid: Uid, data: Record<string, unknown>) => setDoc(doc(db(uid), 'users', uid), data);

    it('lets a new account create its own profile with role user only', async () => {
      await assertSucceeds(register('ghost', profile('ghost', 'user')));
    });

    it.each(['agency', 'specialist', 'admin'])('refuses self-promotion at registration (role %s)', async (role) => {
      await assertFails(register('ghost', profile('ghost', role)));
    });

    it("refuses a profile for someone else's uid, extra fields, a foreign e-mail or a missing field", async () => {
      await assertFails(setDoc(doc(db('ghost'), 'users', 'someone'), profile('someone', 'user')));
      await assertFails(register('ghost', { ...profile('ghost', 'user'), verified: true }));
      await assertFails(register('ghost', { ...profile('ghost', 'user'), email: 'ada@example.com' }));
      const { createdAt: _omitted, ...partial } = profile('ghost', 'user');
      await assertFails(register('ghost', partial));
      await assertFails(setDoc(doc(db(null), 'users', 'ghost'), profile('ghost', 'user')));
    });

    it('refuses to recreate a profile an admin deleted (tombstone)', async () => {
      await suite.env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore() as unknown as Firestore, 'deletedUsers', 'ghost'), {
          deletedAt: Timestamp.now(),
          deletedBy: 'ada',
        });
      });
      await assertFails(register('ghost', profile('ghost', 'user')));
    });

    it('gives a profile to its owner and to staff only', async () => {
      await assertSucceeds(getDoc(doc(db('alice'), 'users', 'alice')));
      await assertFails(getDoc(doc(db('alice'), 'users', 'bob')));
      await assertFails(getDoc(doc(db('agnes'), 'users', 'bob')));
      await assertFails(getDoc(doc(db(null), 'users', 'alice')));
      await assertSucceeds(getDoc(doc(db('sam'), 'users', 'bob')));
      await assertSucceeds(getDoc(doc(db('ada'), 'users', 'bob')));
    });

    it('lists users for staff only', async () => {
      await assertFails(getDocs(collection(db('alice'), 'users')));
      await assertFails(getDocs(collection(db('agnes'), 'users')));
      await assertFails(getDocs(collection(db(null), 'users')));
      await assertSucceeds(getDocs(collection(db('sam'), 'users')));
      expect((await assertSucceeds(getDocs(collection(db('ada'), 'users')))).size).toBe(6);
    });

    it('lets users change their own first and last name, nothing else', async () => {
      await assertSucceeds(updateDoc(doc(db('alice'), 'users', 'alice'), { firstName: 'Alicia', lastName: 'Martin' }));
      await assertFails(updateDoc(doc(db('alice'), 'users', 'alice'), { firstName: '  ' }));
      await assertFails(updateDoc(doc(db('alice'), 'users', 'alice'), { email: 'autre@example.com' }));
      await assertFails(updateDoc(doc(db('alice'), 'users', 'bob'), { firstName: 'Pirate' }));
    });

    it.each(['alice', 'agnes', 'sam', 'ada'] as const)(
      'refuses any change of one’s own role, self-promotion included (%s)',
      async (uid) => {
        for (const role of ['user', 'agency', 'specialist', 'admin'].filter((r) => r !== PEOPLE[uid])) {
          await assertFails(updateDoc(doc(db(uid), 'users', uid), { role }));
        }
      },
    );

    it("lets only admins change another user's role, to a known role, and nothing else with it", async () => {
      await assertSucceeds(updateDoc(doc(db('ada'), 'users', 'alice'), { role: 'agency' }));
      await assertFails(updateDoc(doc(db('ada'), 'users', 'alice'), { role: 'superuser' }));
      await assertFails(updateDoc(doc(db('ada'), 'users', 'alice'), { role: 'user', firstName: 'X' }));
      await assertFails(updateDoc(doc(db('sam'), 'users', 'alice'), { role: 'agency' }));
      await assertFails(updateDoc(doc(db('agnes'), 'users', 'alice'), { role: 'agency' }));
      await assertFails(updateDoc(doc(db('alice'), 'users', 'bob'), { role: 'admin' }));
    });

    it('lets only admins delete users, never themselves', async () => {
      for (const uid of ['alice', 'agnes', 'sam'] as const) await assertFails(deleteDoc(doc(db(uid), 'users', 'bob')));
      await assertFails(deleteDoc(doc(db('alice'), 'users', 'alice')));
      await assertFails(deleteDoc(doc(db('ada'), 'users', 'ada')));
      await assertSucceeds(deleteDoc(doc(db('ada'), 'users', 'bob')));
      await assertSucceeds(setDoc(doc(db('ada'), 'deletedUsers', 'bob'), { deletedAt: serverTimestamp(), deletedBy: 'ada' }));
      await assertFails(setDoc(doc(db('sam'), 'deletedUsers', 'alice'), { deletedAt: serverTimestamp() }));
    });
  });

  describe('creatives/{id}: reading', () => {
    const readable: [Uid | null, string, boolean][] = [
      [null, 'pub', true],
      [null, 'wait', false],
      [null, 'no', false],
      ['alice', 'pub', true],
      ['alice', 'wait', false],
      ['alice', 'no', false],
      ['agnes', 'pub', true],
      ['agnes', 'wait', true],
      ['agnes', 'no', true],
      ['agathe', 'pub', true],
      ['agathe', 'wait', false],
      ['agathe', 'no', false],
      ['sam', 'pub', true],
      ['sam', 'wait', true],
      ['sam', 'no', true],
      ['ada', 'pub', true],
      ['ada', 'wait', true],
      ['ada', 'no', true],
    ];
    it.each(readable)('%s reading %s: %s', async (uid, id, allowed) => {
      const read = getDoc(doc(db(uid), 'creatives', id));
      if (allowed) await assertSucceeds(read);
      else await assertFails(read);
    });

    it('answers "not found" (not "denied") for a missing creative', async () => {
      expect((await assertSucceeds(getDoc(doc(db(null), 'creatives', 'nope')))).exists()).toBe(false);
    });

    it('allows only queries that stay within what the caller may read', async () => {
      const creatives = (uid: Uid | null) => collection(db(uid), 'creatives');
      await assertSucceeds(getDocs(query(creatives(null), where('status', '==', 'approved'))));
      await assertFails(getDocs(creatives(null)));
      await assertFails(getDocs(query(creatives('alice'), where('status', '==', 'pending'))));
      await assertFails(getDocs(query(creatives('agnes'), where('status', '==', 'pending'))));
      const own = await assertSucceeds(
        getDocs(query(creatives('agnes'), where('submittedBy', '==', 'agnes'), where('status', '==', 'pending'))),
      );
      expect(own.docs.map((d) => d.id)).toEqual(['wait']);
      await assertFails(getDocs(query(creatives('agathe'), where('submittedBy', '==', 'agnes'), where('status', '==', 'pending'))));
      await assertSucceeds(getDocs(query(creatives('sam'), where('status', '==', 'pending'))));
      await assertSucceeds(getDocs(creatives('ada')));
    });
  });

  /**
   * A submission as the adapter writes it: the creative, its analysis and, the first time, the
   * caller's contributors entry, in one batch (the entry is looked up first: a batch cannot read).
   */
  async function submit(uid: Uid | null, data: Record<string, unknown>, analysis: Analysis | null = ANALYSIS) {
    const store = db(uid);
    const ref = doc(collection(store, 'creatives'));
    const batch = writeBatch(store);
    batch.set(ref, data);
    if (analysis) batch.set(analysisDoc(store, ref.id), analysis);
    if (uid && !(await getDoc(doc(store, 'contributors', uid))).exists()) {
      batch.set(doc(store, 'contributors', uid), { uid, since: serverTimestamp() });
    }
    await batch.commit();
    return ref.id;
  }

  describe('creatives/{id}: submission', () => {
    const create = (uid: Uid | null, data: Record<string, unknown>) => submit(uid, data);

    it('lets an agency submit a pending creative, never an approved one', async () => {
      await assertSucceeds(create('agnes', newCreative('agnes', 'pending')));
      await assertFails(create('agnes', newCreative('agnes', 'approved')));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { validated: true })));
      await assertFails(create('agnes', { ...newCreative('agnes', 'pending'), status: 'rejected', rejectionReason: 'x' }));
    });

    it('lets specialists and admins submit approved creatives', async () => {
      await assertSucceeds(create('sam', newCreative('sam', 'approved')));
      await assertSucceeds(create('ada', newCreative('ada', 'approved')));
    });

    it('refuses users, visitors and accounts without a profile', async () => {
      await assertFails(create('alice', newCreative('alice', 'pending')));
      await assertFails(create(null, newCreative('nobody', 'pending')));
      await assertFails(create('ghost', newCreative('ghost', 'pending')));
    });

    it('refuses forged counters, submitter, dates, featuring and fields', async () => {
      await assertFails(create('agnes', newCreative('agathe', 'pending')));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { likes: 5 })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { likedBy: ['agnes'] })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { comments: 3 })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { createdAt: Timestamp.fromDate(new Date('2020-01-01')) })));
      await assertFails(create('sam', newCreative('sam', 'approved', { isFeatured: true })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { name: 'x'.repeat(36) })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { name: '   ' })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { mediaType: 'pdf' })));
      await assertFails(create('agnes', newCreative('agnes', 'pending', { owner: 'agnes' })));
    });
  });

  describe('creatives/{id}: likes, with their dated users/{uid}/likes/{id}', () => {
    const likeDoc = (fs: Firestore, owner: string, id = 'pub') => doc(fs, 'users', owner, 'likes', id);
    const dated = (id = 'pub') => ({ creativeId: id, likedAt: serverTimestamp() });

    /** A like as the app writes it: the creative's counter and list, and the caller's like document, in one write. */
    function like(uid: Uid, data: Record<string, unknown>, id = 'pub', likeData: Record<string, unknown> = dated(id), likeId = id) {
      const fs = db(uid);
      const batch = writeBatch(fs);
      batch.update(doc(fs, 'creatives', id), data);
      batch.set(likeDoc(fs, uid, likeId), likeData);
      return batch.commit();
    }
    function unlike(uid: Uid, data: Record<string, unknown>, id = 'pub') {
      const fs = db(uid);
      const batch = writeBatch(fs);
      batch.update(doc(fs, 'creatives', id), data);
      batch.delete(likeDoc(fs, uid, id));
      return batch.commit();
    }
    const plus = (uid: string) => ({ likes: increment(1), likedBy: arrayUnion(uid) });
    const minus = (uid: string) => ({ likes: increment(-1), likedBy: arrayRemove(uid) });

    it('lets any member like and unlike with exactly ±1, their own uid and their dated like', async () => {
      await assertSucceeds(like('alice', plus('alice')));
      const stored = await assertSucceeds(getDoc(likeDoc(db('alice'), 'alice')));
      expect(stored.data()).toEqual({ creativeId: 'pub', likedAt: expect.any(Timestamp) });
      await assertSucceeds(unlike('alice', minus('alice')));
      await assertSucceeds(unlike('bob', minus('bob')));
      await assertSucceeds(like('agnes', plus('agnes')));
      await assertSucceeds(like('ada', plus('ada')));
    });

    it('refuses +2, another uid, twice the same like, an unlike without a like, and other fields', async () => {
      await assertFails(like('alice', { likes: increment(2), likedBy: arrayUnion('alice') }));
      await assertFails(like('alice', { likes: increment(1), likedBy: arrayUnion('agathe') }));
      await assertFails(like('alice', { likes: increment(1), likedBy: arrayUnion('alice', 'agathe') }));
      await assertFails(like('bob', plus('bob')));
      await assertFails(unlike('alice', minus('alice')));
      await assertFails(unlike('alice', minus('bob')));
      await assertFails(like('alice', { ...plus('alice'), name: 'Piraté' }));
      await assertFails(like('alice', { ...plus('alice'), status: 'approved', isFeatured: true }));
      await assertFails(like('alice', { likes: 100 }));
    });

    it('refuses visitors, deleted accounts and creatives that are not approved', async () => {
      await assertFails(updateDoc(doc(db(null), 'creatives', 'pub'), plus('alice')));
      await assertFails(like('ghost', plus('ghost')));
      await assertFails(like('agnes', plus('agnes'), 'wait'));
    });

    it('refuses a like without its document, and an unlike that leaves it', async () => {
      await assertFails(updateDoc(doc(db('alice'), 'creatives', 'pub'), plus('alice')));
      await assertFails(updateDoc(doc(db('bob'), 'creatives', 'pub'), minus('bob')));
      // The document of another creative does not count for this one.
      await assertFails(like('alice', plus('alice'), 'pub', dated('other'), 'other'));
    });

    it('refuses a like document without the like, or removed while the like stays', async () => {
      await assertFails(setDoc(likeDoc(db('alice'), 'alice'), dated()));
      await assertFails(setDoc(likeDoc(db('alice'), 'alice', 'wait'), dated('wait')));
      await assertFails(deleteDoc(likeDoc(db('bob'), 'bob')));
    });

    it('refuses a forged date, another creative id and extra fields', async () => {
      await assertFails(like('alice', plus('alice'), 'pub', { creativeId: 'pub', likedAt: Timestamp.fromDate(new Date('2020-01-01')) }));
      await assertFails(like('alice', plus('alice'), 'pub', { creativeId: 'pub', likedAt: Timestamp.fromMillis(Date.now() + 86_400_000) }));
      await assertFails(like('alice', plus('alice'), 'pub', { creativeId: 'wait', likedAt: serverTimestamp() }));
      await assertFails(like('alice', plus('alice'), 'pub', { creativeId: 'pub' }));
      await assertFails(like('alice', plus('alice'), 'pub', { ...dated(), note: 'x' }));
    });

    it("keeps someone else's likes out of reach: no reading, writing or deleting them", async () => {
      await assertSucceeds(getDoc(likeDoc(db('bob'), 'bob')));
      await assertSucceeds(getDocs(collection(db('bob'), 'users', 'bob', 'likes')));
      await assertFails(getDoc(likeDoc(db('alice'), 'bob')));
      await assertFails(getDocs(collection(db('alice'), 'users', 'bob', 'likes')));
      await assertFails(getDoc(likeDoc(db('sam'), 'bob')));
      await assertFails(deleteDoc(likeDoc(db('alice'), 'bob')));
      // Alice liking in Bob's name, or filing her like under Bob.
      const alice = db('alice');
      const batch = writeBatch(alice);
      batch.update(doc(alice, 'creatives', 'pub'), plus('alice'));
      batch.set(likeDoc(alice, 'bob'), dated());
      await assertFails(batch.commit());
    });

    it('lets the owner clear a like whose creative is gone or no longer lists them', async () => {
      await suite.env.withSecurityRulesDisabled(async (ctx) => {
        const admin = ctx.firestore() as unknown as Firestore;
        await setDoc(doc(admin, 'users', 'alice', 'likes', 'pub'), { creativeId: 'pub', likedAt: Timestamp.now() });
        await deleteDoc(doc(admin, 'creatives', 'pub'));
      });
      await assertFails(deleteDoc(likeDoc(db('alice'), 'bob')));
      await assertSucceeds(deleteDoc(likeDoc(db('bob'), 'bob')));
      // The creative lists no like of Alice's: her stray document may go, and must before she likes again.
      await suite.env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore() as unknown as Firestore, 'creatives', 'pub'), storedCreative('agnes', 'approved'));
      });
      await assertFails(like('alice', plus('alice')));
      await assertSucceeds(deleteDoc(likeDoc(db('alice'), 'alice')));
      await assertSucceeds(like('alice', plus('alice')));
    });

    it("lets admins remove a deleted user's likes, the creative first or in the same write", async () => {
      await assertFails(deleteDoc(likeDoc(db('ada'), 'bob')));
      await assertFails(deleteDoc(likeDoc(db('sam'), 'bob')));
      const ada = db('ada');
      const batch = writeBatch(ada);
      batch.update(doc(ada, 'creatives', 'pub'), minus('bob'));
      batch.delete(likeDoc(ada, 'bob'));
      await assertSucceeds(batch.commit());
    });

    it('lets staff count the likes given in a period as a collection group, nobody else', async () => {
      const likesSince = (uid: Uid | null) =>
        getDocs(query(collectionGroup(db(uid), 'likes'), where('likedAt', '>=', Timestamp.fromDate(new Date('2025-01-01')))));
      expect((await assertSucceeds(likesSince('sam'))).docs.map((d) => d.ref.path)).toEqual(['users/bob/likes/pub']);
      await assertSucceeds(likesSince('ada'));
      for (const uid of ['alice', 'bob', 'agnes', null] as const) await assertFails(likesSince(uid));
    });
  });

  /** A staff edit as the adapter writes it: the creative's fields and its analysis in one batch. */
  function editWithAnalysis(uid: Uid | null, id: string, fields: Record<string, unknown>, analysis: Analysis) {
    const store = db(uid);
    const batch = writeBatch(store);
    batch.update(doc(store, 'creatives', id), { ...fields, ...derivedFields({ ...FIELDS, ...fields } as typeof FIELDS, analysis) });
    batch.set(analysisDoc(store, id), analysis);
    return batch.commit();
  }

  /** A deletion as the adapter writes it: the creative with its analysis. */
  function removeWithAnalysis(uid: Uid | null, id: string) {
    const store = db(uid);
    const batch = writeBatch(store);
    batch.delete(doc(store, 'creatives', id));
    batch.delete(analysisDoc(store, id));
    return batch.commit();
  }

  describe('creatives/{id}: validation, edits, featuring, deletion', () => {
    const update = (uid: Uid | null, id: string, data: Record<string, unknown>) => updateDoc(doc(db(uid), 'creatives', id), data);

    it.each(['sam', 'ada'] as const)('lets %s approve, reject with a reason, edit and feature', async (uid) => {
      await assertSucceeds(update(uid, 'wait', { status: 'rejected', validated: false, rejectionReason: 'Visuel flou' }));
      await assertSucceeds(update(uid, 'no', { status: 'approved', validated: true, rejectionReason: null }));
      await assertSucceeds(editWithAnalysis(uid, 'pub', { name: 'Nouveau nom' }, FILLED));
      await assertSucceeds(update(uid, 'pub', { isFeatured: true, featuredAt: Timestamp.now(), analyzedBy: 'Léa', rating: 5 }));
    });

    it('needs a non-empty reason of at most 100 characters to reject', async () => {
      await assertFails(update('sam', 'wait', { status: 'rejected', validated: false, rejectionReason: '   ' }));
      await assertFails(update('sam', 'wait', { status: 'rejected', validated: false, rejectionReason: 'x'.repeat(101) }));
      await assertFails(update('sam', 'wait', { status: 'rejected', validated: false }));
      await assertFails(update('sam', 'wait', { status: 'approved', validated: false }));
    });

    it('refuses a rating outside 1 to 5', async () => {
      await assertFails(update('sam', 'pub', { isFeatured: true, featuredAt: Timestamp.now(), analyzedBy: 'Léa', rating: 6 }));
      await assertFails(update('sam', 'pub', { isFeatured: true, featuredAt: Timestamp.now(), analyzedBy: 'Léa', rating: 0 }));
    });

    it('keeps likes, counters, submitter and creation date out of staff edits', async () => {
      await assertFails(update('sam', 'pub', { likes: 40 }));
      await assertFails(update('sam', 'pub', { comments: 40 }));
      await assertFails(update('sam', 'pub', { submittedBy: 'sam' }));
      await assertFails(update('ada', 'pub', { createdAt: Timestamp.fromDate(new Date('2020-01-01')) }));
      await assertFails(update('ada', 'pub', { submittedBy: 'ada' }));
      // An admin deleting a user clears that user's traces (docs/decisions/002).
      await assertSucceeds(update('ada', 'pub', { likes: increment(-1), likedBy: arrayRemove('bob'), submittedBy: null }));
    });

    it.each(['alice', 'agnes', 'agathe', null] as const)('refuses validation, edits and featuring to %s', async (uid) => {
      await assertFails(update(uid, 'wait', { status: 'approved', validated: true }));
      await assertFails(update(uid, 'pub', { name: 'Piraté' }));
      await assertFails(update(uid, 'pub', { isFeatured: true, featuredAt: Timestamp.now(), analyzedBy: 'X', rating: 5 }));
    });

    it('refuses a facetMap that disagrees with the facets: a forged filter count', async () => {
      const { facets, facetMap } = derivedFields(FIELDS, ANALYSIS);
      const only = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, true]));
      const forgeries: Record<string, unknown>[] = [
        { ...facetMap, 'format:GIF': true }, // counted under a value it does not have
        only(facets.slice(1)), // missing from a value it has
        { ...facetMap, [facets[0]!]: false },
        { ...facetMap, [facets[0]!]: 1 },
        {},
      ];
      const { facetMap: _dropped, ...withoutMap } = newCreative('agnes', 'pending');
      await assertSucceeds(submit('agnes', newCreative('agnes', 'pending')));
      await assertFails(submit('agnes', withoutMap));
      for (const forged of forgeries) {
        await assertFails(submit('agnes', newCreative('agnes', 'pending', { facetMap: forged })));
        await assertFails(submit('sam', newCreative('sam', 'approved', { facetMap: forged })));
        await assertFails(update('sam', 'pub', { facetMap: forged }));
        await assertFails(update('ada', 'wait', { status: 'approved', validated: true, facetMap: forged }));
      }
      // Keys in another order are the same keys.
      await assertSucceeds(update('sam', 'pub', { facetMap: only([...facets].reverse()) }));
    });

    it('lets only staff delete creatives, with their analysis', async () => {
      for (const uid of ['alice', 'agnes', null] as const) await assertFails(removeWithAnalysis(uid, 'wait'));
      await assertFails(deleteDoc(doc(db('sam'), 'creatives', 'wait')));
      await assertFails(deleteDoc(analysisDoc(db('sam'), 'wait')));
      await assertSucceeds(removeWithAnalysis('sam', 'wait'));
      await assertSucceeds(removeWithAnalysis('ada', 'no'));
    });
  });

  describe('creatives/{id}/private/analysis', () => {
    const readable: [Uid | null, string, boolean][] = [
      [null, 'pub', false],
      ['ghost', 'pub', false],
      ['alice', 'pub', true],
      ['alice', 'wait', false],
      ['agnes', 'wait', true],
      ['agnes', 'no', true],
      ['agathe', 'pub', true],
      ['agathe', 'wait', false],
      ['agathe', 'no', false],
      ['sam', 'wait', true],
      ['ada', 'no', true],
    ];
    it.each(readable)('%s reading the analysis of %s: %s', async (uid, id, allowed) => {
      const read = getDoc(analysisDoc(db(uid), id));
      if (allowed) await assertSucceeds(read);
      else await assertFails(read);
    });

    it('keeps the analysis out of what a visitor reads of the creative itself', async () => {
      await suite.env.withSecurityRulesDisabled(async (ctx) => {
        const admin = ctx.firestore() as unknown as Firestore;
        await setDoc(analysisDoc(admin, 'pub'), FILLED);
        await updateDoc(doc(admin, 'creatives', 'pub'), derivedFields(FIELDS, FILLED));
      });
      const seen = (await assertSucceeds(getDoc(doc(db(null), 'creatives', 'pub')))).data()!;
      expect(seen).not.toHaveProperty('analysis');
      expect(JSON.stringify(seen)).not.toContain(FILLED.attention);
      expect(seen).toMatchObject({ analysisPreview: ['Un hook'], hasAnalysis: true });
      const listed = await assertSucceeds(getDocs(query(collection(db(null), 'creatives'), where('status', '==', 'approved'))));
      expect(listed.docs.every((d) => !('analysis' in d.data()))).toBe(true);
      await assertFails(getDocs(collection(db('ada'), 'creatives', 'pub', 'private')));
    });

    it('refuses a creative that holds its analysis, or is created without its analysis document', async () => {
      await assertFails(submit('sam', newCreative('sam', 'approved', { analysis: FILLED })));
      await assertFails(submit('sam', newCreative('sam', 'approved'), null));
      await assertFails(submit('agnes', newCreative('agnes', 'pending'), null));
      await assertFails(submit('sam', newCreative('sam', 'approved'), { ...ANALYSIS, secret: 'x' } as Analysis));
    });

    it('lets an agency write an analysis only with its own pending creative, in the batch that creates it', async () => {
      await assertSucceeds(submit('agnes', { ...newCreative('agnes', 'pending'), ...derivedFields(FIELDS, FILLED) }, FILLED));
      await assertFails(setDoc(analysisDoc(db('agnes'), 'wait'), ANALYSIS));
      // Not even the first analysis of its pending creative, once that creative exists.
      await suite.env.withSecurityRulesDisabled(async (ctx) => {
        await deleteDoc(analysisDoc(ctx.firestore() as unknown as Firestore, 'wait'));
      });
      await assertFails(setDoc(analysisDoc(db('agnes'), 'wait'), ANALYSIS));
      await assertFails(setDoc(analysisDoc(db('agnes'), 'pub'), ANALYSIS));
      await assertFails(setDoc(analysisDoc(db('agnes'), 'nouvelle'), ANALYSIS));
      await assertFails(setDoc(analysisDoc(db('alice'), 'nouvelle'), ANALYSIS));
      // An agency creating someone else's creative, or an approved one, brings no analysis in either.
      await assertFails(submit('agnes', newCreative('agathe', 'pending')));
      await assertFails(submit('agnes', newCreative('agnes', 'approved')));
    });

    it("refuses an analysis that disagrees with the creative's hasAnalysis, alone or in a batch", async () => {
      // 'pub' has an empty analysis: a lone filled one would leave hasAnalysis false.
      await assertFails(setDoc(analysisDoc(db('sam'), 'pub'), FILLED));
      await assertFails(updateDoc(doc(db('sam'), 'creatives', 'pub'), { hasAnalysis: true }));
      await assertFails(submit('sam', newCreative('sam', 'approved'), FILLED));
      await assertFails(submit('sam', { ...newCreative('sam', 'approved'), hasAnalysis: true }, ANALYSIS));
      // Blank texts are no analysis (domain hasAnalysis trims them).
      await assertSucceeds(setDoc(analysisDoc(db('sam'), 'pub'), { ...ANALYSIS, attention: '   ' }));
      await assertSucceeds(editWithAnalysis('sam', 'pub', {}, FILLED));
      await assertSucceeds(editWithAnalysis('ada', 'wait', {}, { ...ANALYSIS, actions: ['Tester'] }));
      await assertSucceeds(submit('sam', { ...newCreative('sam', 'approved'), ...derivedFields(FIELDS, FILLED) }, FILLED));
      for (const uid of ['alice', 'agnes', null] as const) await assertFails(editWithAnalysis(uid, 'wait', {}, FILLED));
    });

    it('accepts the largest index keys index-keys.ts makes, and refuses more', async () => {
      const every = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, joinCategory([...CATEGORY_LISTS[key]])]));
      const all = { ...FIELDS, ...every, isJuntoAngel: true, testedAndApproved: true };
      const richest = derivedFields(all, ANALYSIS);
      expect(richest.facets.length).toBe(CATEGORY_KEYS.reduce((n, key) => n + CATEGORY_LISTS[key].length, 2));
      // Hangul syllables with a final consonant come out of the normalisation as three letters each:
      // one word of 105 letters per field, nearly all of its pieces distinct (1,800 at most).
      const hangul = (from: number) => Array.from({ length: NAME_MAX }, (_, i) => String.fromCharCode(from + i * 29)).join('');
      const longest = derivedFields({ ...FIELDS, name: hangul(0xac01), advertiser: hangul(0xb001) }, ANALYSIS);
      expect(longest.searchKeys.length).toBeGreaterThan(1750);
      await assertSucceeds(
        submit('sam', { ...newCreative('sam', 'approved'), ...all, facets: richest.facets, facetMap: richest.facetMap }),
      );
      await assertSucceeds(submit('sam', newCreative('sam', 'approved', { name: hangul(0xac01), advertiser: hangul(0xb001), ...longest })));
      // With the media text's word starts (media-text-search.ts, MEDIA_TEXT_KEYS_MAX): 4,800 at most.
      await assertFails(submit('sam', newCreative('sam', 'approved', { searchKeys: Array.from({ length: 4801 }, (_, i) => `k${i}`) })));
      await assertFails(submit('sam', newCreative('sam', 'approved', { facets: Array.from({ length: 65 }, (_, i) => `f:${i}`) })));
      await assertFails(submit('sam', newCreative('sam', 'approved', { analysisPreview: ['a', 'b', 'c', 'd'] })));
      await assertFails(submit('sam', newCreative('sam', 'approved', { hasAnalysis: 'non' })));
    });
  });

  describe('contributors/{uid}', () => {
    const entry = (uid: string, overrides: Record<string, unknown> = {}) => ({ uid, since: serverTimestamp(), ...overrides });
    const register = (uid: Uid | null, of: string, data: Record<string, unknown> = entry(of)) =>
      setDoc(doc(db(uid), 'contributors', of), data);

    it('lets agencies, specialists and admins add themselves once, with the time of the request', async () => {
      await assertSucceeds(register('agnes', 'agnes'));
      await assertFails(register('agnes', 'agnes'));
      await assertSucceeds(register('sam', 'sam'));
      await assertSucceeds(register('ada', 'ada'));
    });

    it('refuses users, visitors, someone else, forged dates and other fields', async () => {
      await assertFails(register('alice', 'alice'));
      await assertFails(register('ghost', 'ghost'));
      await assertFails(register(null, 'agnes'));
      await assertFails(register('agnes', 'agathe', entry('agathe')));
      await assertFails(register('agnes', 'agnes', entry('agathe')));
      await assertFails(register('agnes', 'agnes', entry('agnes', { since: Timestamp.fromDate(new Date('2020-01-01')) })));
      await assertFails(register('agnes', 'agnes', entry('agnes', { count: 3 })));
      await assertFails(register('agnes', 'agnes', { uid: 'agnes' }));
    });

    it('is read by staff and by its own contributor, listed by staff, deleted by admins only', async () => {
      await assertSucceeds(register('agnes', 'agnes'));
      await assertSucceeds(getDoc(doc(db('agnes'), 'contributors', 'agnes')));
      await assertSucceeds(getDoc(doc(db('alice'), 'contributors', 'alice')));
      await assertFails(getDoc(doc(db('agathe'), 'contributors', 'agnes')));
      await assertFails(getDoc(doc(db(null), 'contributors', 'agnes')));
      await assertSucceeds(getDoc(doc(db('sam'), 'contributors', 'agnes')));
      expect((await assertSucceeds(getDocs(collection(db('ada'), 'contributors')))).size).toBe(1);
      await assertFails(getDocs(collection(db('agnes'), 'contributors')));
      await assertFails(updateDoc(doc(db('agnes'), 'contributors', 'agnes'), { since: serverTimestamp() }));
      await assertFails(deleteDoc(doc(db('agnes'), 'contributors', 'agnes')));
      await assertFails(deleteDoc(doc(db('sam'), 'contributors', 'agnes')));
      await assertSucceeds(deleteDoc(doc(db('ada'), 'contributors', 'agnes')));
    });

    it('refuses a creative whose submitter is not in the registry after the write', async () => {
      const store = db('sam');
      const ref = doc(collection(store, 'creatives'));
      const batch = writeBatch(store);
      batch.set(ref, newCreative('sam', 'approved'));
      batch.set(analysisDoc(store, ref.id), ANALYSIS);
      await assertFails(batch.commit());
      // Once registered, later submissions leave the entry alone.
      await assertSucceeds(submit('sam', newCreative('sam', 'approved')));
      await assertSucceeds(submit('sam', newCreative('sam', 'approved')));
    });
  });

  describe('comments/{id}', () => {
    const comment = (userId: string, overrides: Record<string, unknown> = {}) => ({
      userId,
      creativeId: 'pub',
      text: 'Super créa',
      createdAt: serverTimestamp(),
      userFirstName: userId[0]!.toUpperCase() + userId.slice(1),
      userLastName: 'Test',
      likes: 0,
      likedBy: [],
      ...overrides,
    });
    const create = (uid: Uid | null, data: Record<string, unknown>) => setDoc(doc(collection(db(uid), 'comments')), data);

    it('is readable by everyone', async () => {
      await assertSucceeds(getDocs(query(collection(db(null), 'comments'), where('creativeId', '==', 'pub'))));
      await assertSucceeds(getDoc(doc(db('agnes'), 'comments', 'c1')));
    });

    it('lets members comment approved creatives in their own name', async () => {
      await assertSucceeds(create('bob', comment('bob')));
      await assertSucceeds(create('agnes', comment('agnes')));
    });

    it("refuses someone else's userId or name, empty text, forged likes, pending creatives, visitors", async () => {
      await assertFails(create('bob', comment('alice', { userFirstName: 'Bob' })));
      await assertFails(create('bob', comment('alice')));
      await assertFails(create('bob', comment('bob', { userFirstName: 'Alice' })));
      await assertFails(create('bob', comment('bob', { text: '   ' })));
      await assertFails(create('bob', comment('bob', { likes: 3 })));
      await assertFails(create('bob', comment('bob', { likedBy: ['bob'] })));
      await assertFails(create('agnes', comment('agnes', { creativeId: 'wait' })));
      await assertFails(create('bob', comment('bob', { creativeId: 'nope' })));
      await assertFails(create(null, comment('bob')));
      await assertFails(create('ghost', comment('ghost')));
    });

    it("raises a creative's comment counter only together with the caller's new comment", async () => {
      const viaTransaction = (uid: Uid, count: number, withComment: boolean, author = uid) => {
        const store = db(uid);
        const ref = doc(collection(store, 'comments'));
        return runTransaction(store, async (tx) => {
          await tx.get(doc(store, 'creatives', 'pub'));
          if (withComment) tx.set(ref, comment(author));
          tx.update(doc(store, 'creatives', 'pub'), { comments: increment(count), lastCommentId: ref.id });
        });
      };
      await assertSucceeds(viaTransaction('bob', 1, true));
      await assertFails(viaTransaction('bob', 1, false));
      await assertFails(viaTransaction('bob', 2, true));
      await assertFails(updateDoc(doc(db('bob'), 'creatives', 'pub'), { comments: increment(1), lastCommentId: 'c1' }));
    });

    it('lets members like comments with exactly ±1 and their own uid', async () => {
      const ref = (uid: Uid | null) => doc(db(uid), 'comments', 'c1');
      await assertSucceeds(updateDoc(ref('bob'), { likes: increment(1), likedBy: arrayUnion('bob') }));
      await assertFails(updateDoc(ref('bob'), { likes: increment(1), likedBy: arrayUnion('bob') }));
      await assertSucceeds(updateDoc(ref('bob'), { likes: increment(-1), likedBy: arrayRemove('bob') }));
      await assertFails(updateDoc(ref('bob'), { likes: increment(2), likedBy: arrayUnion('bob') }));
      await assertFails(updateDoc(ref('bob'), { likes: increment(1), likedBy: arrayUnion('alice') }));
      await assertFails(updateDoc(ref('bob'), { text: 'Modifié' }));
      await assertFails(updateDoc(ref('alice'), { text: 'Modifié' }));
      await assertFails(updateDoc(ref(null), { likes: increment(1), likedBy: arrayUnion('bob') }));
    });

    it('lets only admins delete comments (not the author, not specialists)', async () => {
      for (const uid of ['alice', 'bob', 'agnes', 'sam', null] as const) await assertFails(deleteDoc(doc(db(uid), 'comments', 'c1')));
      await assertSucceeds(deleteDoc(doc(db('ada'), 'comments', 'c1')));
    });

    it('lets staff delete the comments of a creative they delete, in the same batch', async () => {
      const store = db('sam');
      const batch = writeBatch(store);
      batch.delete(doc(store, 'creatives', 'pub'));
      batch.delete(analysisDoc(store, 'pub'));
      batch.delete(doc(store, 'comments', 'c1'));
      await assertSucceeds(batch.commit());
    });
  });

  describe('folders/{id}', () => {
    const folder = (userId: string, overrides: Record<string, unknown> = {}) => ({
      userId,
      name: 'Inspirations',
      creatives: [],
      createdAt: serverTimestamp(),
      ...overrides,
    });

    it('lets members create their own folders only', async () => {
      await assertSucceeds(setDoc(doc(collection(db('bob'), 'folders')), folder('bob')));
      await assertFails(setDoc(doc(collection(db('bob'), 'folders')), folder('alice')));
      await assertFails(setDoc(doc(collection(db('bob'), 'folders')), folder('bob', { name: '  ' })));
      await assertFails(setDoc(doc(collection(db('bob'), 'folders')), folder('bob', { creatives: ['pub'] })));
      await assertFails(setDoc(doc(collection(db(null), 'folders')), folder('bob')));
      await assertFails(setDoc(doc(collection(db('ghost'), 'folders')), folder('ghost')));
    });

    it("keeps another user's folder unreadable, even to staff", async () => {
      await assertSucceeds(getDoc(doc(db('alice'), 'folders', 'f1')));
      for (const uid of ['bob', 'agnes', 'sam', 'ada', null] as const) await assertFails(getDoc(doc(db(uid), 'folders', 'f1')));
      await assertSucceeds(getDocs(query(collection(db('alice'), 'folders'), where('userId', '==', 'alice'))));
      await assertFails(getDocs(query(collection(db('bob'), 'folders'), where('userId', '==', 'alice'))));
      await assertFails(getDocs(collection(db('ada'), 'folders')));
    });

    it('lets only the owner rename, file creatives and delete; the owner never changes', async () => {
      await assertSucceeds(updateDoc(doc(db('alice'), 'folders', 'f1'), { name: 'Top', creatives: arrayUnion('wait') }));
      await assertFails(updateDoc(doc(db('alice'), 'folders', 'f1'), { userId: 'bob' }));
      await assertFails(updateDoc(doc(db('alice'), 'folders', 'f1'), { name: '' }));
      await assertFails(updateDoc(doc(db('bob'), 'folders', 'f1'), { name: 'Volé' }));
      await assertFails(updateDoc(doc(db('ada'), 'folders', 'f1'), { name: 'Volé' }));
      await assertFails(deleteDoc(doc(db('bob'), 'folders', 'f1')));
      await assertFails(deleteDoc(doc(db('ada'), 'folders', 'f1')));
      await assertSucceeds(deleteDoc(doc(db('alice'), 'folders', 'f1')));
    });
  });

  it('refuses any other collection', async () => {
    await assertFails(setDoc(doc(db('ada'), 'settings', 'x'), { a: 1 }));
    await assertFails(getDoc(doc(db('ada'), 'settings', 'x')));
  });
});

describe.skipIf(!firestoreEmulator.available || !storageEmulator.available)('Storage rules (storage.rules)', () => {
  let env: RulesTestEnvironment;
  const store = (uid: Uid | null): FirebaseStorage =>
    (uid === null ? env.unauthenticatedContext().storage() : env.authenticatedContext(uid).storage()) as unknown as FirebaseStorage;
  const name = (ext: string) => `creatives/${Date.now()}-${Math.random().toString(36).slice(2, 10)}.${ext}`;
  const upload = (uid: Uid | null, path: string, bytes: number, contentType: string, uploadedBy = uid ?? 'nobody') =>
    uploadBytes(ref(store(uid), path), new Uint8Array(bytes), {
      contentType,
      customMetadata: { uploadedBy, originalName: 'x', size: String(bytes), timestamp: '0' },
    });

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: PROJECT,
      firestore: { rules: firestoreRules, host: firestoreEmulator.host, port: firestoreEmulator.port },
      storage: { rules: storageRules, host: storageEmulator.host, port: storageEmulator.port },
    });
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (ctx) => {
      await seedPeople(ctx.firestore() as unknown as Firestore, PEOPLE);
    });
  });
  afterAll(async () => {
    await env?.clearStorage();
    await env?.cleanup();
  });

  it('lets agencies, specialists and admins upload accepted media', async () => {
    await assertSucceeds(upload('agnes', name('jpg'), 1024, 'image/jpeg'));
    await assertSucceeds(upload('sam', name('png'), 1024, 'image/png'));
    await assertSucceeds(upload('ada', name('webp'), 1024, 'image/webp'));
    await assertSucceeds(upload('agnes', name('mp4'), 11 * 1024 * 1024, 'video/mp4'));
    await assertSucceeds(upload('agnes', name('mov'), 1024, 'video/quicktime'));
    await assertSucceeds(upload('agnes', name('webm'), 1024, 'video/webm'));
  });

  it('refuses anonymous uploads, users and accounts without a profile', async () => {
    await assertFails(upload(null, name('png'), 1024, 'image/png'));
    await assertFails(upload('alice', name('png'), 1024, 'image/png'));
    await assertFails(upload('ghost', name('png'), 1024, 'image/png'));
  });

  it('refuses an 11 MB image, a 51 MB video, SVG and other types, and foreign names', async () => {
    await assertFails(upload('agnes', name('jpg'), 11 * 1024 * 1024, 'image/jpeg'));
    await assertFails(upload('agnes', name('mp4'), 51 * 1024 * 1024, 'video/mp4'));
    await assertFails(upload('agnes', name('png'), 1024, 'image/svg+xml'));
    await assertFails(upload('agnes', name('png'), 1024, 'text/html'));
    await assertFails(upload('agnes', 'creatives/mon-fichier.png', 1024, 'image/png'));
    await assertFails(upload('agnes', 'avatars/1700000000000-abc.png', 1024, 'image/png'));
    await assertFails(upload('agnes', name('png'), 1024, 'image/png', 'agathe'));
  });

  it('serves media to everyone and lets staff or the uploader delete them', async () => {
    const path = name('png');
    await assertSucceeds(upload('agnes', path, 16, 'image/png'));
    await assertSucceeds(getBytes(ref(store(null), path)));
    await assertFails(deleteObject(ref(store('agathe'), path)));
    await assertFails(deleteObject(ref(store('alice'), path)));
    await assertSucceeds(deleteObject(ref(store('agnes'), path)));
    const other = name('png');
    await assertSucceeds(upload('agathe', other, 16, 'image/png'));
    await assertSucceeds(deleteObject(ref(store('sam'), other)));
  });
});
