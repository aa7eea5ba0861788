import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, setDoc, Timestamp, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { MEDIA_TEXT_MAX, NAME_MAX } from '@domain/limits';
import { derivedFields, mediaClassFields } from '@/gateway/firebase/creative-document';
import { MEDIA_TEXT_KEYS_MAX } from '@/gateway/firebase/media-text-search';
import { CREATIVE_FIELDS, EMPTY_ANALYSIS, newCreative, rulesEmulator, rulesSuite, seedPeople, storedCreative } from './rules-harness';

/**
 * What the submitter's browser read in the media (firestore.rules, creatives/{id}: `mediaText`, `shape`,
 * `lengthClass`; docs/firebase.md): written by the submitter with the creative, then by the staff only;
 * in the shapes domain/media-shape.ts and domain/limits.ts allow. Skipped with the reason without the
 * emulator.
 */
const PROJECT = 'demo-creatheque-media-text-rules';

const firestoreEmulator = await rulesEmulator('tests/firebase/media-text-rules.test.ts');

const PEOPLE = { alice: 'user', agnes: 'agency', agathe: 'agency', sam: 'specialist', ada: 'admin' } as const;
type Uid = keyof typeof PEOPLE;

const READ = 'Livraison offerte\n-50 % sur la crème';
/** What the adapter writes for that text: the text and its search keys. */
const withText = (text: string) => ({ mediaText: text, ...derivedFields(CREATIVE_FIELDS, EMPTY_ANALYSIS, text) });
const VIDEO_9_16 = {
  mediaType: 'video',
  ...mediaClassFields('video', { width: null, height: null }, { text: READ, width: 1080, height: 1920, durationMs: 5800 }),
};

describe.skipIf(!firestoreEmulator.available)('media text and classes rules (firestore.rules)', () => {
  // agnes (agency) has an approved creative `pub` holding a text read at submission.
  const suite = rulesSuite(PROJECT, firestoreEmulator, async (admin) => {
    await seedPeople(admin, PEOPLE);
    for (const uid of Object.keys(PEOPLE)) await setDoc(doc(admin, 'contributors', uid), { uid, since: Timestamp.now() });
    await setDoc(
      doc(admin, 'creatives', 'pub'),
      storedCreative('agnes', 'approved', { ...withText(READ), shape: '1:1', lengthClass: null }),
    );
    await setDoc(doc(admin, 'creatives', 'pub', 'private', 'analysis'), EMPTY_ANALYSIS);
  });
  const db = (uid: Uid | null): Firestore => suite.db(uid);

  /** A submission as the adapter writes it: the creative and its analysis in one batch. */
  function submit(uid: Uid, overrides: Record<string, unknown>) {
    const store = db(uid);
    const ref = doc(collection(store, 'creatives'));
    const batch = writeBatch(store);
    batch.set(ref, newCreative(uid, PEOPLE[uid] === 'agency' ? 'pending' : 'approved', overrides));
    batch.set(doc(store, 'creatives', ref.id, 'private', 'analysis'), EMPTY_ANALYSIS);
    return batch.commit();
  }
  const update = (uid: Uid | null, data: Record<string, unknown>) => updateDoc(doc(db(uid), 'creatives', 'pub'), data);

  it('lets the submitter store the text, the shape and the length class read by the browser', async () => {
    expect(VIDEO_9_16).toMatchObject({ shape: '9:16', lengthClass: 'le6', width: 1080, height: 1920 });
    await assertSucceeds(submit('agnes', { ...withText(READ), ...VIDEO_9_16 }));
    await assertSucceeds(submit('sam', { ...withText(''), shape: 'other', lengthClass: null }));
    // Documents written before the media was read have none of the three fields.
    await assertSucceeds(submit('agathe', {}));
  });

  it(`refuses a text longer than ${MEDIA_TEXT_MAX} characters, or not a text`, async () => {
    await assertSucceeds(submit('agnes', { mediaText: 'a'.repeat(MEDIA_TEXT_MAX) }));
    await assertFails(submit('agnes', { mediaText: 'a'.repeat(MEDIA_TEXT_MAX + 1) }));
    await assertFails(submit('agnes', { mediaText: ['Livraison'] }));
    await assertFails(submit('agnes', { mediaText: null }));
  });

  it('refuses a shape or a length class that is none of the classes, and a length for an image', async () => {
    await assertFails(submit('agnes', { shape: '2:3' }));
    await assertFails(submit('agnes', { shape: 1 }));
    await assertFails(submit('agnes', { ...VIDEO_9_16, lengthClass: 'le60' }));
    await assertFails(submit('agnes', { mediaType: 'image', shape: '1:1', lengthClass: 'le6' }));
  });

  it('lets staff correct the text (with its search keys) and the classes', async () => {
    const corrected = 'Livraison offerte\n-50 % sur la crème solaire';
    await assertSucceeds(update('sam', withText(corrected)));
    expect((await getDoc(doc(db('sam'), 'creatives', 'pub'))).data()).toMatchObject({ mediaText: corrected });
    await assertSucceeds(update('ada', { shape: '4:5' }));
    await assertSucceeds(update('ada', { shape: null }));
    await assertFails(update('sam', { mediaText: 'x'.repeat(MEDIA_TEXT_MAX + 1) }));
  });

  it.each(['agnes', 'agathe', 'alice', null] as const)('refuses %s changing the text or the classes afterwards', async (uid) => {
    await assertFails(update(uid, withText('Texte forgé')));
    await assertFails(update(uid, { mediaText: '' }));
    await assertFails(update(uid, { shape: '9:16' }));
    await assertFails(update(uid, { lengthClass: 'long' }));
  });

  it('accepts the most search keys a name and a text can make', async () => {
    // A 35-character name of pieces all distinct (Hangul: three letters each once normalised) and the
    // longest text of distinct word starts (media-text-search.test.ts): the bound of firestore.rules.
    const hangul = (from: number) => Array.from({ length: NAME_MAX }, (_, i) => String.fromCharCode(from + i * 29)).join('');
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const text = [...letters]
      .flatMap((a) => [...letters].map((b) => a + b))
      .join('-')
      .slice(0, MEDIA_TEXT_MAX);
    const fields = { ...CREATIVE_FIELDS, name: hangul(0xac01), advertiser: hangul(0xb001) };
    const derived = derivedFields(fields, EMPTY_ANALYSIS, text);
    expect(derived.searchKeys.length).toBeGreaterThan(1750 + MEDIA_TEXT_KEYS_MAX - 50);
    await assertSucceeds(submit('sam', { ...fields, ...derived, mediaText: text }));
  });
});
