import { doc, getDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { BAND_SCAN, EXACT_SCAN } from '@/gateway/firebase/duplicates';
import { readsSince } from '@/gateway/firebase/reads';
import type { FirebaseGateway } from '@/gateway/firebase';
import { failure } from '../contract/failure';
import { copiesOf, nodeFingerprint, structuredPictures, type TestPicture } from '../helpers/fingerprints';
import { demoVideoBytes, VALID_FORM } from '../helpers/uploads';
import { probe, reportSkip } from './emulators';
import { firebaseTestBackend, type FirebaseTestBackend } from './harness';

/**
 * Firebase mode's duplicate warning (docs/decisions/025) on the Auth and Firestore emulators with
 * the rules loaded: a file sent once is reported when it, or a resized or re-encoded copy, is chosen
 * again — by its submitter and staff with the creative, by another agency only as "a similar creative
 * exists" until the creative is approved; an unrelated file is not; the fingerprint goes with a deleted
 * creative. The check runs before any upload, so it is end to end here; files are fingerprinted by
 * the browser's code with sharp as the decoder (tests/helpers/fingerprints.ts), media kept in memory.
 */
const [auth, firestore, storage] = await Promise.all([probe('auth'), probe('firestore'), probe('storage')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/duplicates.emulator.test.ts (duplicate warning on Firestore)', missing);

const fileOf = (p: TestPicture, name = 'visuel') =>
  new File([new Uint8Array(p.bytes)], `${name}.${p.type.split('/')[1]}`, { type: p.type });

describe.skipIf(missing.length > 0)('duplicate warning, Firebase adapter on the emulators', () => {
  let backend: FirebaseTestBackend;
  let agency: FirebaseGateway;
  let otherAgency: FirebaseGateway;
  let specialist: FirebaseGateway;
  let pictures: TestPicture[];
  let original: TestPicture;
  let created: Creative;

  beforeAll(async () => {
    backend = await firebaseTestBackend({ auth, firestore, storage: { ...storage, available: false }, fingerprint: nodeFingerprint });
    agency = (await backend.signedIn('agency')).gateway;
    otherAgency = (await backend.signedIn('agency')).gateway;
    specialist = (await backend.signedIn('specialist')).gateway;
    pictures = await structuredPictures();
    original = pictures[0]!;
    created = await agency.creatives.submit({ ...VALID_FORM, name: 'Original' }, fileOf(original));
  }, 120_000);
  afterAll(() => backend?.close());

  async function stored(path: string) {
    let data: Record<string, unknown> | undefined;
    await backend.env.withSecurityRulesDisabled(async (ctx) => {
      data = (await getDoc(doc(ctx.firestore() as unknown as Firestore, path))).data();
    });
    return data;
  }

  it('is offered in this mode', () => {
    expect(agency.features.duplicateCheck).toBe(true);
  });

  it('stores the fingerprint beside the creative: its key on it, the hashes alone in the index, no claim left', async () => {
    const creative = await stored(`creatives/${created.id}`);
    const key = creative?.fingerprintKey as string;
    expect(key).toMatch(/^[A-Za-z0-9]{20}$/);
    const expected = await nodeFingerprint(fileOf(original));
    expect(expected.dhash).toMatch(/^[0-9a-f]{16}$/);
    expect(await stored(`fingerprints/${key}`)).toEqual({ sha256: expected.sha256, dhash: expected.dhash, bands: expected.bands });
    expect(await stored(`fingerprintClaims/${created.submittedBy}`)).toBeUndefined();
  });

  it('shows the submitter their own pending creative, the same file or a copy', async () => {
    const same = await agency.creatives.checkDuplicates(fileOf(original));
    expect(same.hiddenMatch).toBe(false);
    expect(same.matches.map((m) => [m.creative.id, m.exact])).toEqual([[created.id, true]]);
    expect(same.matches[0]!.creative.name).toBe('Original');
    for (const copy of await copiesOf(original)) {
      const check = await agency.creatives.checkDuplicates(fileOf(copy, copy.name));
      expect(
        check.matches.map((m) => [m.creative.id, m.exact]),
        copy.name,
      ).toEqual([[created.id, false]]);
    }
  });

  it('tells another agency only that a similar creative exists, for the file and its copies', async () => {
    for (const p of [original, ...(await copiesOf(original))]) {
      expect(await otherAgency.creatives.checkDuplicates(fileOf(p, p.name)), p.name).toEqual({ matches: [], hiddenMatch: true });
    }
  });

  it('reports nothing for unrelated pictures, and a few reads at most', async () => {
    for (const p of pictures.slice(1, 6)) {
      const before = { ...otherAgency.reads };
      expect(await otherAgency.creatives.checkDuplicates(fileOf(p)), p.name).toEqual({ matches: [], hiddenMatch: false });
      expect(readsSince(before, otherAgency.reads)).toBeLessThanOrEqual(EXACT_SCAN + BAND_SCAN);
    }
  });

  it('shows staff the creative, and everyone once it is approved', async () => {
    expect((await specialist.creatives.checkDuplicates(fileOf(original))).matches.map((m) => m.creative.id)).toEqual([created.id]);
    await specialist.review.approve(created.id);
    const check = await otherAgency.creatives.checkDuplicates(fileOf(original));
    expect(check).toMatchObject({ hiddenMatch: false, matches: [{ exact: true, creative: { id: created.id, name: 'Original' } }] });
  });

  it('finds a second upload of the same file, the original first', async () => {
    const second = await otherAgency.creatives.submit({ ...VALID_FORM, name: 'Doublon' }, fileOf(original));
    const check = await specialist.creatives.checkDuplicates(fileOf(original));
    expect(check.matches.map((m) => m.creative.id)).toEqual([created.id, second.id]);
    // The first agency sees the approved original; the other agency's pending copy only as a fact.
    expect(await agency.creatives.checkDuplicates(fileOf(original))).toMatchObject({
      hiddenMatch: true,
      matches: [{ creative: { id: created.id } }],
    });
  });

  it('matches a video by its bytes (no picture is read from a video outside a browser)', async () => {
    const video = new File([new Uint8Array(demoVideoBytes())], 'clip.mp4', { type: 'video/mp4' });
    const clip = await agency.creatives.submit({ ...VALID_FORM, name: 'Clip' }, video);
    expect((await stored(`fingerprints/${String((await stored(`creatives/${clip.id}`))?.fingerprintKey)}`))?.dhash).toBeNull();
    expect(await otherAgency.creatives.checkDuplicates(video)).toEqual({ matches: [], hiddenMatch: true });
  });

  it('forgets a deleted creative with its fingerprint', async () => {
    const key = String((await stored(`creatives/${created.id}`))?.fingerprintKey);
    await specialist.creatives.remove(created.id);
    expect(await stored(`fingerprints/${key}`)).toBeUndefined();
    const check = await specialist.creatives.checkDuplicates(fileOf(original));
    expect(check.matches.map((m) => m.creative.name)).toEqual(['Doublon']);
  });

  it('asks visitors to sign in and refuses members who cannot submit', async () => {
    expect(await failure(backend.gateway().creatives.checkDuplicates(fileOf(original)))).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: MSG.mustBeLoggedToSubmit,
    });
    const member = (await backend.signedIn('user')).gateway;
    expect(await failure(member.creatives.checkDuplicates(fileOf(original)))).toMatchObject({ code: 'FORBIDDEN' });
  });
});
