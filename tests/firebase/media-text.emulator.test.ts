import { doc, getDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirebaseGateway } from '@/gateway/firebase';
import type { CreativeInput, MediaReading } from '@/gateway/types';
import { VALID_FORM } from '../helpers/uploads';
import { probe, reportSkip } from './emulators';
import { firebaseTestBackend, type FirebaseTestBackend } from './harness';

/**
 * The media's text in Firebase mode, through the adapter (src/gateway/firebase/creatives/create.ts,
 * edit.ts): a submission stores what the browser read; the staff's edit keeps it when the form sends
 * none and replaces it (search keys included) when it sends one; the gallery's search finds the
 * creative by a word of it; the detail gives it, a list does not. Media in memory (no Storage emulator).
 */
const [auth, firestore, storage] = await Promise.all([probe('auth'), probe('firestore'), probe('storage')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/media-text.emulator.test.ts (media text on Firestore)', missing);

const READ: MediaReading = { text: 'Livraison offerte\n-50 % sur la crème', width: 1080, height: 1920, durationMs: 14_200 };
const FORM = VALID_FORM as unknown as CreativeInput;

describe.skipIf(missing.length > 0)('media text, Firebase adapter on the emulators', () => {
  let backend: FirebaseTestBackend;
  let agency: FirebaseGateway;
  let specialist: FirebaseGateway;
  let visitor: FirebaseGateway;

  beforeAll(async () => {
    backend = await firebaseTestBackend({ auth, firestore, storage: { ...storage, available: false } });
    agency = (await backend.signedIn('agency')).gateway;
    specialist = (await backend.signedIn('specialist')).gateway;
    visitor = backend.gateway();
  }, 120_000);
  afterAll(() => backend?.close());

  const stored = async (id: string) => {
    let data: Record<string, unknown> = {};
    await backend.env.withSecurityRulesDisabled(async (ctx) => {
      data = (await getDoc(doc(ctx.firestore() as unknown as Firestore, 'creatives', id))).data() ?? {};
    });
    return data;
  };
  const video = () => new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], 'spot.mp4', { type: 'video/mp4' });

  it("stores the submitter's reading: the text, its search keys, the shape and the length class", async () => {
    const created = await agency.creatives.submit({ ...FORM, name: 'Spot crème' }, video(), undefined, READ);
    expect(created).toMatchObject({ status: 'pending', mediaText: READ.text, shape: '9:16', lengthClass: 'le15' });
    const data = await stored(created.id);
    expect(data).toMatchObject({ mediaText: READ.text, shape: '9:16', lengthClass: 'le15', width: 1080, height: 1920 });
    expect(data.searchKeys).toEqual(expect.arrayContaining(['livraison', 'offe', '-50', 'creme']));
  });

  it('ignores a mediaText in the submission form: only the reading is stored', async () => {
    const created = await agency.creatives.submit(
      { ...FORM, name: 'Texte forcé', mediaText: 'Forcé' },
      await backend.image(),
      undefined,
      null,
    );
    expect((await stored(created.id)).mediaText).toBe('');
  });

  it("keeps the text on a staff edit that sends none, replaces it with the staff's correction", async () => {
    const created = await specialist.creatives.submit({ ...FORM, name: 'Crème été' }, await backend.image(), undefined, READ);
    const kept = await specialist.creatives.update(created.id, { ...FORM, name: 'Crème été 2' });
    expect(kept.mediaText).toBe(READ.text);
    expect((await stored(created.id)).searchKeys).toEqual(expect.arrayContaining(['livraison']));

    const corrected = await specialist.creatives.update(created.id, { ...FORM, name: 'Crème été 2', mediaText: 'Essai gratuit' });
    expect(corrected.mediaText).toBe('Essai gratuit');
    const keys = (await stored(created.id)).searchKeys as string[];
    expect(keys).toEqual(expect.arrayContaining(['essai', 'gratuit']));
    expect(keys).not.toContain('livraison');

    // The gallery's search finds it by a word of the text; the detail gives the text, a list does not.
    const found = await visitor.creatives.list({ q: 'gratuit' });
    expect(found.items.map((c) => c.id)).toContain(created.id);
    expect(found.items.find((c) => c.id === created.id)).not.toHaveProperty('mediaText');
    expect((await visitor.creatives.list({ q: 'livraison' })).items.map((c) => c.id)).not.toContain(created.id);
    expect((await visitor.creatives.get(created.id)).mediaText).toBe('Essai gratuit');
  });
});
