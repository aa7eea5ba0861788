import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@domain/messages';
import { DUPLICATE_MAX_DISTANCE } from '@domain/perceptual-hash';
import { hexDistance, type IndexedFingerprint } from '@domain/fingerprints';
import { APPROVED } from '@server/db/seed/demo-catalog';
import { DEMO_ENTRIES } from '@server/db/seed/demo-plan';
import { pageScript } from './support/page-script';
import { DEMO_PROJECT_ID } from '../scripts/firebase/demo-seed';
import { copiesOf, serverDHash, structuredPictures, type TestPicture } from '../tests/helpers/fingerprints';
import { login, newPage } from '../e2e/support/browser';

/**
 * Firebase mode's duplicate warning (docs/decisions/025) in Chromium, on the journey's stack
 * (e2e-firebase/support/setup.ts), whose seed stores each demo file's fingerprint as the self-hosted
 * server computes it (sharp, and the ffmpeg poster of a video). The browser's own computation
 * (src/lib/file-fingerprint.ts: WebCrypto, createImageBitmap, a <video> seeked to the poster's time,
 * a canvas) must find the same bytes and the same picture: each demo file its own creative, and
 * structured pictures (tests/helpers/fingerprints.ts) within BROWSER_DRIFT bits of sharp, with the
 * resized, re-encoded, converted and EXIF-rotated copies the server finds. Where a Storage emulator
 * lets the submit form work, choosing a demo file shows the warning.
 */

/** Bits by which Chromium's decoding may move a dHash from sharp's on the same structured picture (tests/pixel-dhash.test.ts). */
const BROWSER_DRIFT = 2;

interface Stored {
  name: string;
  mediaUrl: string;
  mediaType: 'image' | 'video';
  fingerprint: { sha256: string; dhash: string | null };
}
type Value = { stringValue?: string; nullValue?: null };

/** A collection of the journey's Firestore emulator, read past the rules (the emulator's `owner` token). */
async function storedDocuments(collectionId: string) {
  const url = `http://${inject('firestoreHost')}/v1/projects/${DEMO_PROJECT_ID}/databases/(default)/documents/${collectionId}?pageSize=500`;
  const res = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  expect(res.status, url).toBe(200);
  const body = (await res.json()) as { documents?: { name: string; fields: Record<string, Value> }[] };
  return (body.documents ?? []).map((d) => ({ id: d.name.split('/').pop()!, fields: d.fields }));
}

const fingerprintScript = () => pageScript('src/lib/file-fingerprint.ts', 'creathequeFingerprint');

/** Files (a URL of the site, or bytes) fingerprinted in the page by the bundled module. */
async function inBrowser(page: Page, files: { url?: string; base64?: string; type: string }[]): Promise<(IndexedFingerprint | null)[]> {
  return page.evaluate(async (list) => {
    const fingerprinter = (window as unknown as { creathequeFingerprint: { fingerprintFile(f: Blob): Promise<IndexedFingerprint | null> } })
      .creathequeFingerprint;
    const out: (IndexedFingerprint | null)[] = [];
    for (const f of list) {
      const bytes = f.url ? await (await fetch(f.url)).arrayBuffer() : Uint8Array.from(atob(f.base64!), (c) => c.charCodeAt(0));
      out.push(await fingerprinter.fingerprintFile(new File([bytes], 'choisi', { type: f.type })));
    }
    return out;
  }, files);
}

const typeOf = (s: Stored) => (s.mediaType === 'video' ? 'video/mp4' : 'image/jpeg');

describe('the browser fingerprints the demo files as the server did', () => {
  let page: Page;
  let library: Stored[];
  let computed: (IndexedFingerprint | null)[];

  beforeAll(async () => {
    const [creatives, fingerprints] = await Promise.all([storedDocuments('creatives'), storedDocuments('fingerprints')]);
    const byKey = new Map(fingerprints.map((f) => [f.id, f.fields]));
    const demoNames = new Set(DEMO_ENTRIES.map((e) => e.c.name));
    // The seeded library only (another journey may have sent a file of its own).
    library = creatives
      .filter(({ fields }) => demoNames.has(fields.name?.stringValue ?? ''))
      .map(({ fields }) => {
        const fingerprint = byKey.get(fields.fingerprintKey?.stringValue ?? '');
        return {
          name: fields.name!.stringValue!,
          mediaUrl: fields.mediaUrl!.stringValue!,
          mediaType: fields.mediaType!.stringValue as Stored['mediaType'],
          fingerprint: { sha256: fingerprint?.sha256?.stringValue ?? '', dhash: fingerprint?.dhash?.stringValue ?? null },
        };
      });
    page = await newPage();
    await page.goto('/');
    await page.addScriptTag({ content: await fingerprintScript() });
    computed = await inBrowser(
      page,
      library.map((s) => ({ url: s.mediaUrl, type: typeOf(s) })),
    );
  }, 120_000);
  afterAll(() => page?.context().close());

  it('every demo creative has its fingerprint stored; the browser finds the same bytes', () => {
    expect(library).toHaveLength(DEMO_ENTRIES.length);
    for (const [i, s] of library.entries()) {
      expect(s.fingerprint.sha256, s.name).toMatch(/^[0-9a-f]{64}$/);
      expect(s.fingerprint.dhash, s.name).toMatch(/^[0-9a-f]{16}$/);
      expect(computed[i]?.sha256, s.name).toBe(s.fingerprint.sha256);
    }
  });

  it('and the same picture, within the duplicate threshold (the demo ads are flat art: see the log)', () => {
    const report = library.map((s, i) => `${s.mediaType === 'video' ? 'v' : 'i'}${hexDistance(computed[i]!.dhash, s.fingerprint.dhash)}`);
    console.log(`[e2e-firebase] Chromium vs the server's dHash, same file (i image, v video frame at 1 s): ${report.join(' ')}`);
    for (const [i, s] of library.entries()) {
      expect(hexDistance(computed[i]!.dhash, s.fingerprint.dhash), s.name).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
    }
  });
});

describe('the browser fingerprints pictures as the server does', () => {
  let page: Page;
  let pictures: TestPicture[];

  beforeAll(async () => {
    pictures = await structuredPictures();
    page = await newPage();
    await page.goto('/');
    await page.addScriptTag({ content: await fingerprintScript() });
  }, 120_000);
  afterAll(() => page?.context().close());

  const hashed = (list: TestPicture[]) =>
    inBrowser(
      page,
      list.map((p) => ({ base64: p.bytes.toString('base64'), type: p.type })),
    );

  it('JPEG, PNG and WebP of any size within BROWSER_DRIFT bits; other pictures far apart', async () => {
    const [ours, server] = await Promise.all([hashed(pictures), Promise.all(pictures.map((p) => serverDHash(p.bytes)))]);
    console.log(
      `[e2e-firebase] Chromium vs sharp, same file: ${pictures.map((_, i) => hexDistance(ours[i]!.dhash, server[i]!)).join(' ')} bits`,
    );
    for (const [i, p] of pictures.entries()) {
      expect(ours[i]!.sha256, p.name).toBe(createHash('sha256').update(p.bytes).digest('hex'));
      expect(hexDistance(ours[i]!.dhash, server[i]!), p.name).toBeLessThanOrEqual(BROWSER_DRIFT);
      for (const [j, other] of pictures.entries()) {
        if (j !== i) expect(hexDistance(ours[i]!.dhash, server[j]!), `${p.name} / ${other.name}`).toBeGreaterThan(DUPLICATE_MAX_DISTANCE);
      }
    }
  });

  it('finds the resized, re-encoded, converted and EXIF-rotated copies the server finds', async () => {
    for (const p of pictures.slice(0, 3)) {
      const original = await serverDHash(p.bytes);
      // Pixels turned a quarter clockwise, with the EXIF orientation that turns them back (8).
      const rotated = await sharp(p.bytes).rotate(90).withMetadata({ orientation: 8 }).jpeg({ quality: 85 }).toBuffer();
      const copies = [...(await copiesOf(p)), { name: 'EXIF-rotated', bytes: rotated, type: 'image/jpeg' }];
      const found = await hashed(copies);
      for (const [k, copy] of copies.entries()) {
        const server = await serverDHash(copy.bytes);
        console.log(
          `[e2e-firebase] ${p.name}, ${copy.name}: Chromium ${hexDistance(found[k]!.dhash, original)}, sharp ${hexDistance(server, original)} bits from the original`,
        );
        expect(hexDistance(found[k]!.dhash, server), `${p.name}, ${copy.name}`).toBeLessThanOrEqual(BROWSER_DRIFT);
        if (hexDistance(server, original) <= DUPLICATE_MAX_DISTANCE) {
          expect(hexDistance(found[k]!.dhash, original), `${p.name}, ${copy.name}`).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
        }
      }
    }
  });
});

describe('agency, submit page', () => {
  const noStorage = inject('noStorage');

  // Without a Storage emulator the form, file picker included, is disabled (journey.e2e.ts): reported
  // skipped with the reason, as the upload step is. The check itself runs on the emulators in
  // tests/firebase/duplicates.emulator.test.ts, and the hashing above.
  it.skipIf(noStorage)('choosing the file of a demo creative shows the warning with that creative', async () => {
    const subject = APPROVED.find((c) => !c.video)!;
    const [stored] = (await storedDocuments('creatives')).filter((d) => d.fields.name?.stringValue === subject.name);
    const media = await fetch(new URL(stored!.fields.mediaUrl!.stringValue!, inject('baseUrl')));
    const page = await newPage();
    await login(page, 'agency');
    await page.goto('/submit');
    await page.getByLabel('Fichier média').setInputFiles({
      name: 'visuel.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(await media.arrayBuffer()),
    });
    const warning = page.getByRole('status').filter({ has: page.getByRole('heading', { name: MSG.duplicateFound }) });
    await warning.waitFor({ timeout: 30_000 });
    await warning.getByRole('link', { name: subject.name }).waitFor();
    await warning.getByText('Fichier identique').waitFor();
    await page.context().close();
  });
});
