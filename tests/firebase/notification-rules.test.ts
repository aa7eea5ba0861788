import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesEmulator, rulesSuite, seedPeople, storedCreative } from './rules-harness';

/**
 * The notification centre's rules (firestore.rules, users/{uid}/notifications and the e-mail
 * choices): the recipient reads and marks read only; each actor writes only the notification its
 * action implies, in the same write as the action. Skipped with the reason without the emulator.
 */
const PROJECT = 'demo-creatheque-notification-rules';

const firestoreEmulator = await rulesEmulator('tests/firebase/notification-rules.test.ts');

const PEOPLE = { alice: 'user', bob: 'user', agnes: 'agency', sam: 'specialist', ada: 'admin' } as const;
type Uid = keyof typeof PEOPLE;
const actor = (uid: Uid) => ({ uid, firstName: uid[0]!.toUpperCase() + uid.slice(1), lastName: 'Test' });

/** A stored creative of agnes that the creative rules accept. */
const creative = (status: 'pending' | 'approved' | 'rejected', extra: Record<string, unknown> = {}) =>
  storedCreative('agnes', status, extra);

const notice = (type: string, creativeId: string, actors: unknown[], extra: Record<string, unknown> = {}) => ({
  type,
  creativeId,
  creativeName: 'Visuel',
  commentId: null,
  actors,
  reason: null,
  createdAt: serverTimestamp(),
  read: false,
  ...extra,
});

describe.skipIf(!firestoreEmulator.available)('notification rules (firestore.rules)', () => {
  const note = (store: Firestore, recipient: string, id: string) => doc(store, 'users', recipient, 'notifications', id);
  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    await seedPeople(admin, PEOPLE);
    await setDoc(doc(admin, 'creatives', 'wait'), creative('pending'));
    await setDoc(doc(admin, 'creatives', 'pub'), creative('approved'));
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
    await setDoc(note(admin, 'agnes', 'old'), { ...notice('creative_approved', 'pub', [actor('sam')]), createdAt: Timestamp.now() });
  });
  const db = (uid: Uid): Firestore => suite.db(uid);

  /** A staff decision on 'wait' with its notice, in one transaction (the creative rules are bypassed by asking for less). */
  async function decide(
    uid: Uid,
    change: Record<string, unknown>,
    id: string,
    data: Record<string, unknown>,
    recipient = 'agnes',
    creativeId = 'wait',
  ) {
    const store = db(uid);
    return runTransaction(store, async (tx) => {
      await tx.get(doc(store, 'creatives', creativeId));
      tx.update(doc(store, 'creatives', creativeId), change);
      tx.set(note(store, recipient, id), data);
    });
  }

  it('gives the recipient their notifications, and nobody else', async () => {
    await assertSucceeds(getDoc(note(db('agnes'), 'agnes', 'old')));
    await assertSucceeds(getDocs(collection(db('agnes'), 'users', 'agnes', 'notifications')));
    await assertFails(getDoc(note(db('alice'), 'agnes', 'old')));
    await assertFails(getDocs(collection(db('ada'), 'users', 'agnes', 'notifications')));
  });

  it('lets the recipient mark one read, and change nothing else', async () => {
    await assertFails(updateDoc(note(db('agnes'), 'agnes', 'old'), { read: true, creativeName: 'Autre' }));
    await assertFails(updateDoc(note(db('alice'), 'agnes', 'old'), { read: true }));
    await assertFails(updateDoc(note(db('agnes'), 'agnes', 'old'), { read: false, type: 'comment' }));
    await assertFails(deleteDoc(note(db('agnes'), 'agnes', 'old')));
    await assertFails(setDoc(note(db('agnes'), 'agnes', 'fake'), notice('creative_approved', 'pub', [actor('agnes')])));
    await assertSucceeds(updateDoc(note(db('agnes'), 'agnes', 'old'), { read: true }));
  });

  it('lets staff tell the submitter of an approval only with the approval', async () => {
    const approved = notice('creative_approved', 'wait', [actor('sam')]);
    // Without the approval, or of another kind, or for someone else, or under another id: refused.
    await assertFails(setDoc(note(db('sam'), 'agnes', 'approved_wait'), approved));
    await assertFails(decide('sam', { status: 'approved', validated: true }, 'approved_wait', approved, 'alice'));
    await assertFails(decide('sam', { status: 'approved', validated: true }, 'approved_other', approved));
    await assertFails(decide('sam', { status: 'approved', validated: true }, 'approved_wait', { ...approved, actors: [actor('ada')] }));
    await assertFails(decide('agnes', { status: 'approved', validated: true }, 'approved_wait', { ...approved, actors: [actor('agnes')] }));
    await assertFails(decide('sam', { status: 'approved', validated: true }, 'approved_wait', { ...approved, read: true }));
    await assertSucceeds(decide('sam', { status: 'approved', validated: true }, 'approved_wait', approved));
  });

  it('lets staff tell of a rejection with its reason, and of a featuring', async () => {
    const rejected = notice('creative_rejected', 'wait', [actor('ada')], { reason: 'Logo flou' });
    const change = { status: 'rejected', rejectionReason: 'Logo flou' };
    await assertFails(decide('ada', change, 'rejected_wait', { ...rejected, reason: 'Autre chose' }));
    await assertFails(decide('ada', change, 'approved_wait', { ...rejected, type: 'creative_approved' }));
    await assertSucceeds(decide('ada', change, 'rejected_wait', rejected));

    const featured = notice('creative_featured', 'pub', [actor('sam')]);
    const feature = { isFeatured: true, featuredAt: serverTimestamp(), analyzedBy: 'Sam', rating: 5 };
    await assertFails(setDoc(note(db('sam'), 'agnes', 'featured_pub'), featured));
    await assertFails(decide('sam', { analyzedBy: 'Sam' }, 'featured_pub', featured, 'agnes', 'pub'));
    await assertSucceeds(decide('sam', feature, 'featured_pub', featured, 'agnes', 'pub'));
  });

  it('lets a member tell the submitter of a comment only in the write that creates it', async () => {
    const alice = db('alice');
    const commentNotice = notice('comment', 'pub', [actor('alice')], { commentId: 'c2' });
    await assertFails(setDoc(note(alice, 'agnes', 'comment_c2'), commentNotice));
    await assertFails(setDoc(note(alice, 'agnes', 'comment_c1'), { ...commentNotice, commentId: 'c1' }));
    const comment = {
      userId: 'alice',
      creativeId: 'pub',
      text: 'Super',
      createdAt: serverTimestamp(),
      userFirstName: 'Alice',
      userLastName: 'Test',
      likes: 0,
      likedBy: [],
    };
    const write = (recipient: string, data: Record<string, unknown>) =>
      runTransaction(alice, async (tx) => {
        await tx.get(doc(alice, 'creatives', 'pub'));
        tx.set(doc(alice, 'comments', 'c2'), comment);
        tx.update(doc(alice, 'creatives', 'pub'), { comments: increment(1), lastCommentId: 'c2' });
        tx.set(note(alice, recipient, 'comment_c2'), data);
      });
    await assertFails(write('bob', commentNotice));
    await assertFails(write('agnes', { ...commentNotice, actors: [actor('bob')] }));
    await assertSucceeds(write('agnes', commentNotice));
  });

  it('lets a liker join the author’s like notification only with the like', async () => {
    const likeAs = (uid: Uid, data: Record<string, unknown>, recipient = 'alice') => {
      const store = db(uid);
      return runTransaction(store, async (tx) => {
        await tx.get(doc(store, 'comments', 'c1'));
        tx.update(doc(store, 'comments', 'c1'), { likes: increment(1), likedBy: arrayUnion(uid) });
        tx.set(note(store, recipient, 'like_c1'), data, { merge: true });
      });
    };
    const likeNotice = (uid: Uid) => notice('comment_like', 'pub', [actor(uid)], { commentId: 'c1', actors: arrayUnion(actor(uid)) });
    // Without liking, or for someone who did not write the comment, or with someone else's name: refused.
    await assertFails(setDoc(note(db('bob'), 'alice', 'like_c1'), likeNotice('bob'), { merge: true }));
    await assertFails(likeAs('bob', likeNotice('bob'), 'agnes'));
    await assertFails(likeAs('bob', { ...likeNotice('bob'), actors: [actor('sam')] }));
    await assertSucceeds(likeAs('bob', likeNotice('bob')));
    await assertSucceeds(likeAs('sam', likeNotice('sam')));
    // A second liker cannot drop the first from the group.
    const store = db('ada');
    await assertFails(
      runTransaction(store, async (tx) => {
        await tx.get(doc(store, 'comments', 'c1'));
        tx.update(doc(store, 'comments', 'c1'), { likes: increment(1), likedBy: arrayUnion('ada') });
        tx.set(note(store, 'alice', 'like_c1'), { ...notice('comment_like', 'pub', [actor('ada')], { commentId: 'c1' }) });
      }),
    );
    await assertFails(updateDoc(note(db('bob'), 'alice', 'like_c1'), { actors: arrayRemove(actor('sam')) }));
  });

  it('lets users set their own e-mail choices (booleans of known kinds) only', async () => {
    await assertSucceeds(updateDoc(doc(db('alice'), 'users', 'alice'), { notificationEmail: { comment_like: true } }));
    await assertFails(updateDoc(doc(db('alice'), 'users', 'alice'), { notificationEmail: { comment_like: 'oui' } }));
    await assertFails(updateDoc(doc(db('alice'), 'users', 'alice'), { notificationEmail: { inconnu: true } }));
    await assertFails(updateDoc(doc(db('alice'), 'users', 'alice'), { notificationEmail: { comment: true }, role: 'admin' }));
    await assertFails(updateDoc(doc(db('bob'), 'users', 'alice'), { notificationEmail: { comment: true } }));
  });
});
