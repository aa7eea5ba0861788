import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { normalizeSearch } from '@domain/search';
import { createFirebaseGateway, type FirebaseGateway } from '@/gateway/firebase';
import { mediaPath } from '@/gateway/firebase/storage';
import type { MediaReading } from '@/gateway/types';
import { OCR_ASSETS_DIR } from '@/features/submit/media-reading/ocr-assets';
import { pageScript } from './support/page-script';
import { DEMO_PROJECT_ID } from '../scripts/firebase/demo-seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectNoSeriousA11yViolations, MOBILE, newPage, screenshot } from '../e2e/support/browser';

/**
 * Firebase mode's OCR in the browser (docs/firebase.md), on the journey's stack: the submit page's
 * reader (src/features/submit/media-reading/read-media.ts) reads an ad with its text rendered in the
 * picture in Chromium, with the worker, WebAssembly core and French model the site serves itself (no
 * other origin asked); the gallery never loads it. The reading is submitted by a specialist through
 * the Firebase gateway — in Node, as the Storage emulator cannot run here (the page's form is then
 * disabled: journey.e2e.ts), its file served by the site — then the creative's page shows the text in
 * its 'Texte de la créative' section and the gallery's search finds the creative by a word of it.
 */

const LINES = ['Livraison offerte', '-50 % sur la crème', 'J’en profite'];
const NAME = 'Soin été OCR';

/** A 1080×1080 ad: the three lines in large type on a gradient (sharp renders the SVG's text). */
async function adPicture(): Promise<Buffer> {
  const text = LINES.map(
    (line, i) =>
      `<text x="540" y="${330 + i * 190}" font-family="DejaVu Sans, sans-serif" font-size="${i === 1 ? 96 : 84}" font-weight="bold" text-anchor="middle" fill="#111">${line}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff7e6"/><stop offset="1" stop-color="#ffd9a8"/></linearGradient></defs>
    <rect width="1080" height="1080" fill="url(#g)"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const readerScript = () => pageScript('src/features/submit/media-reading/read-media.ts', 'creathequeReadMedia');

/** The words of a text as the search sees them. */
const wordsOf = (text: string) =>
  normalizeSearch(text)
    .split(/[^\p{L}\p{N}%-]+/u)
    .filter(Boolean);

describe('Firebase mode: the text of a creative read in the browser', () => {
  let picture: Buffer;
  let reading: MediaReading;
  let requests: string[];
  let gateway: FirebaseGateway | undefined;
  let creativeId: string;

  beforeAll(async () => {
    picture = await adPicture();
  });
  afterAll(async () => {
    await gateway?.dispose();
  });

  it('reads the text in Chromium with the files the site serves itself, in a few seconds', async () => {
    const page = await newPage();
    requests = [];
    page.on('request', (r: Request) => requests.push(r.url()));
    await page.goto('/');
    await page.addScriptTag({ content: await readerScript() });
    const started = Date.now();
    reading = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const reader = (window as unknown as { creathequeReadMedia: typeof import('@/features/submit/media-reading/read-media') })
        .creathequeReadMedia;
      return reader.readMedia(new File([bytes], 'pub.png', { type: 'image/png' }), { deadline: Date.now() + 60_000 });
    }, picture.toString('base64'));
    console.log(`[e2e-firebase] OCR in Chromium (worker start included): ${Date.now() - started} ms, read ${JSON.stringify(reading.text)}`);
    expect(reading).toMatchObject({ width: 1080, height: 1080, durationMs: null });
    const read = wordsOf(reading.text);
    for (const word of ['livraison', 'offerte', 'sur', 'la', 'creme', 'profite']) expect(read, reading.text).toContain(word);

    const base = new URL(inject('baseUrl')).origin;
    const ocrFiles = requests.filter((url) => url.includes(`/${OCR_ASSETS_DIR}/`));
    expect(ocrFiles.some((url) => url.endsWith('/worker.min.js'))).toBe(true);
    expect(ocrFiles.some((url) => /tesseract-core-(simd-)?lstm\.(js|wasm)$/.test(url))).toBe(true);
    expect(ocrFiles.some((url) => url.endsWith('/fra.traineddata'))).toBe(true);
    // Nothing asked of another origin but the app's own emulators (no CDN for the worker, core or model).
    const own = [base, `http://${inject('firestoreHost')}`, `http://${inject('authHost')}`, 'data:', 'blob:'];
    expect(requests.filter((url) => !own.some((origin) => url.startsWith(origin)))).toEqual([]);
    await page.context().close();
  });

  it('never loads tesseract.js nor its files on the gallery', async () => {
    const manifest = (await (await fetch(new URL('/.vite/manifest.json', inject('baseUrl')))).json()) as Record<string, { file: string }>;
    const tesseract = Object.entries(manifest).find(([key]) => key.includes('node_modules/tesseract.js/'))?.[1].file;
    const reader = Object.entries(manifest).find(([key]) => key.endsWith('media-reading/read-media.ts'))?.[1].file;
    expect(tesseract).toBeTruthy();
    expect(reader).toBeTruthy();
    const page = await newPage();
    const loaded: string[] = [];
    page.on('request', (r: Request) => loaded.push(new URL(r.url()).pathname));
    await page.goto('/');
    // The gallery shown (its cards), and a moment for what it loads after (lazy chunks, idle preloads);
    // not 'networkidle': Firestore's listen channel keeps a request open.
    await page.locator('a[href^="/creatives/"]').first().waitFor();
    await page.waitForTimeout(2000);
    expect(loaded.some((p) => p.endsWith(`/${tesseract}`) || p.endsWith(`/${reader}`) || p.includes('/assets/ocr/'))).toBe(false);
    await page.context().close();
  });

  it('stores the text the submitter read, shows it on the page and finds the creative by it', async () => {
    expect(reading?.text, 'the reading of the first test').toBeTruthy();
    // The file, served by the site (the Storage emulator cannot run here).
    const siteDir = inject('siteDir');
    const stored = mediaPath('image/png');
    fs.mkdirSync(path.dirname(path.join(siteDir, stored)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, stored), picture);
    const [authHost, authPort] = inject('authHost').split(':');
    const [, firestorePort] = inject('firestoreHost').split(':');
    gateway = createFirebaseGateway(
      {
        apiKey: 'demo-api-key',
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
        projectId: DEMO_PROJECT_ID,
        storageBucket: `${DEMO_PROJECT_ID}.appspot.com`,
        messagingSenderId: '',
        appId: '',
        emulatorHost: authHost!,
        registrationWebhookUrl: null,
        submissionWebhookUrl: null,
      },
      {
        name: `media-text-${process.pid}`,
        mode: 'memory',
        ports: { auth: Number(authPort), firestore: Number(firestorePort) },
        media: {
          upload: async (file) => ({ url: `/${stored}`, path: stored, kind: 'image', contentType: file.type }),
          remove: async () => {},
        },
        fingerprint: async () => null,
        log: () => {},
      },
    );
    await gateway.auth.login({ email: DEMO_ACCOUNTS.specialist, password: DEMO_PASSWORD });
    const created = await gateway.creatives.submit(
      {
        name: NAME,
        advertiser: 'Maison Test',
        format: ['Statique'],
        objective: ['TOFU'],
        type: ['UGC'],
        sector: ['Beauté'],
        platform: ['Meta'],
        isJuntoAngel: false,
        testedAndApproved: false,
        attention: '',
        interest: '',
        desire: '',
        bestPractices: [],
        actions: [],
      },
      new File([new Uint8Array(picture)], 'pub.png', { type: 'image/png' }),
      undefined,
      reading,
    );
    creativeId = created.id;
    expect(created).toMatchObject({ status: 'approved', mediaText: reading.text, shape: '1:1', lengthClass: null });

    const page = await newPage();
    await page.goto(`/creatives/${creativeId}`);
    const toggle = page.getByRole('button', { name: 'Texte de la créative' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const region = page.getByRole('region', { name: 'Texte de la créative' });
    await region.waitFor();
    expect(normalizeSearch(await region.innerText())).toContain('livraison offerte');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'firebase-media-text-open');

    // The gallery's search, by a word found only in the picture.
    await page.goto('/?q=profite');
    await page
      .getByRole('link', { name: new RegExp(NAME) })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('shows the section on a phone too', async () => {
    const page = await newPage(MOBILE);
    await page.goto(`/creatives/${creativeId}`);
    await page.getByRole('button', { name: 'Texte de la créative' }).click();
    await page.getByRole('region', { name: 'Texte de la créative' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
});
