import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  arrayRemove,
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { NOTE_MAX } from '@domain/shares';
import { rulesEmulator, rulesSuite, seedPeople } from './rules-harness';

/**
 * The rules of the folders' notes (firestore.rules, folders/{id}/notes/{creativeId}, docs/decisions/022):
 * only the folder's owner reads and writes them, `{note}` and nothing else, 1 to NOTE_MAX characters,
 * on a creative the folder holds; and the attacks they exist for. Skipped with the reason without
 * the emulator.
 */
const PROJECT = 'demo-creatheque-folder-note-rules';

const firestoreEmulator = await rulesEmulator('tests/firebase/folder-note-rules.test.ts');

/** Two users, staff, and a deleted account (no profile) that still owns a folder. */
const PEOPLE = { alice: 'user', bob: 'user', sam: 'specialist', ada: 'admin' } as const;
type Uid = keyof typeof PEOPLE | 'ghost';
const folder = (userId: string, creatives: string[]) => ({ userId, name: 'Idées', creatives, createdAt: Timestamp.now() });

describe.skipIf(!firestoreEmulator.available)('folder note rules (firestore.rules)', () => {
  const note = (store: Firestore, folderId: string, creativeId: string) => doc(store, 'folders', folderId, 'notes', creativeId);
  const notes = (store: Firestore, folderId: string) => collection(store, 'folders', folderId, 'notes');
  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    await seedPeople(admin, PEOPLE);
    await setDoc(doc(admin, 'folders', 'f1'), folder('alice', ['pub', 'deux']));
    await setDoc(doc(admin, 'folders', 'f2'), folder('bob', ['pub']));
    await setDoc(doc(admin, 'folders', 'gf'), folder('ghost', ['pub']));
    await setDoc(note(admin, 'f1', 'pub'), { note: 'À montrer au client' });
    await setDoc(note(admin, 'f2', 'pub'), { note: 'La note de Bob' });
  });
  const db = (uid: Uid | null): Firestore => suite.db(uid);

  it("lets the owner read their folder's notes, one or all", async () => {
    await assertSucceeds(getDoc(note(db('alice'), 'f1', 'pub')));
    await assertSucceeds(getDoc(note(db('alice'), 'f1', 'deux')));
    await assertSucceeds(getDocs(notes(db('alice'), 'f1')));
    await assertSucceeds(getDocs(query(notes(db('alice'), 'f1'), where(documentId(), 'in', ['pub', 'deux']))));
  });

  it("keeps another owner's notes unreadable, even to staff and admins", async () => {
    for (const uid of ['bob', 'sam', 'ada', null] as const) {
      await assertFails(getDoc(note(db(uid), 'f1', 'pub')));
      await assertFails(getDocs(notes(db(uid), 'f1')));
      await assertFails(getDocs(query(notes(db(uid), 'f1'), where(documentId(), 'in', ['pub']))));
    }
  });

  it('lets the owner write, rewrite and remove a note on a creative of the folder', async () => {
    await assertSucceeds(setDoc(note(db('alice'), 'f1', 'deux'), { note: 'Nouvelle' }));
    await assertSucceeds(setDoc(note(db('alice'), 'f1', 'pub'), { note: 'x'.repeat(NOTE_MAX) }));
    // The form counts UTF-16 units (an emoji is two), the rules characters: what the form takes, they take.
    await assertSucceeds(setDoc(note(db('alice'), 'f1', 'pub'), { note: '😀'.repeat(NOTE_MAX / 2) }));
    await assertSucceeds(updateDoc(note(db('alice'), 'f1', 'pub'), { note: 'Plus courte' }));
    await assertSucceeds(deleteDoc(note(db('alice'), 'f1', 'pub')));
  });

  it("refuses a note written in someone else's folder, or deleted from it", async () => {
    for (const uid of ['bob', 'sam', 'ada', null] as const) {
      await assertFails(setDoc(note(db(uid), 'f1', 'pub'), { note: 'Volée' }));
      await assertFails(setDoc(note(db(uid), 'f1', 'deux'), { note: 'Glissée' }));
      await assertFails(deleteDoc(note(db(uid), 'f1', 'pub')));
    }
  });

  it(`refuses a note over ${NOTE_MAX} characters, blank, or not text`, async () => {
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: 'x'.repeat(NOTE_MAX + 1) }));
    await assertFails(updateDoc(note(db('alice'), 'f1', 'pub'), { note: 'x'.repeat(NOTE_MAX + 1) }));
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: '   ' }));
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: '' }));
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: 42 }));
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: ['x'] }));
  });

  it('refuses extra or missing fields', async () => {
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: 'Bien', userId: 'alice' }));
    await assertFails(setDoc(note(db('alice'), 'f1', 'deux'), { note: 'Bien', includeInShares: true }));
    await assertFails(updateDoc(note(db('alice'), 'f1', 'pub'), { pinned: true }));
    await assertFails(setDoc(note(db('alice'), 'f1', 'deux'), {}));
    await assertFails(setDoc(note(db('alice'), 'f1', 'deux'), { text: 'Mauvais champ' }));
  });

  it('refuses a note on a folder that does not exist, or on a creative the folder does not hold', async () => {
    await assertFails(setDoc(note(db('alice'), 'nope', 'pub'), { note: 'Sans dossier' }));
    await assertFails(getDoc(note(db('alice'), 'nope', 'pub')));
    await assertFails(getDocs(notes(db('alice'), 'nope')));
    await assertFails(setDoc(note(db('alice'), 'f1', 'ailleurs'), { note: 'Hors dossier' }));
  });

  it('refuses writes from an account whose profile is gone, even in its own folder', async () => {
    await assertFails(setDoc(note(db('ghost'), 'gf', 'pub'), { note: 'Fantôme' }));
  });

  it('lets the owner take a creative out with its note, and delete a folder with its notes in one batch', async () => {
    const alice = db('alice');
    const out = writeBatch(alice);
    out.update(doc(alice, 'folders', 'f1'), { creatives: arrayRemove('pub') });
    out.delete(note(alice, 'f1', 'pub'));
    await assertSucceeds(out.commit());

    // Many notes of one folder and the folder itself: one batch, one owner check per note.
    await suite.env.withSecurityRulesDisabled(async (ctx) => {
      const admin = ctx.firestore() as unknown as Firestore;
      const ids = Array.from({ length: 30 }, (_, i) => `c${i}`);
      await setDoc(doc(admin, 'folders', 'big'), folder('alice', ids));
      for (const id of ids) await setDoc(note(admin, 'big', id), { note: `Note ${id}` });
    });
    const all = await getDocs(notes(alice, 'big'));
    const gone = writeBatch(alice);
    for (const d of all.docs) gone.delete(d.ref);
    gone.delete(doc(alice, 'folders', 'big'));
    await assertSucceeds(gone.commit());
  });

  it("leaves a deleted folder's stray notes to nobody", async () => {
    await assertSucceeds(deleteDoc(doc(db('alice'), 'folders', 'f1')));
    await assertFails(getDoc(note(db('alice'), 'f1', 'pub')));
    await assertFails(setDoc(note(db('alice'), 'f1', 'pub'), { note: 'Encore' }));
  });
});
