import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { media } from '@server/db/schema';
import { VARIANT_FORMATS, variantName } from '@server/media/derivatives';
import { backfillImageVariants } from '@server/services/media-backfill';
import { bombPng } from './helpers/attack-files';
import { storedBytes } from './helpers/stored-bytes';
import { createTestApp, type TestApp } from './helpers/test-app';
import { creativeForm, demoVideoBytes, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Responsive images (issue 13): an upload makes AVIF and WebP variants at each width up to the
 * original's, and its average colour; the API gives their srcsets; deleting the creative removes
 * them; the backfill makes them for media stored before.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.loginAs('admin')).cookie;
});

afterAll(() => t.close());

async function submit(bytes: Buffer, name: string, type: string): Promise<Creative> {
  const res = await t.request<Creative>('POST', '/api/creatives', { cookie: admin, body: creativeForm(VALID_FORM, { bytes, name, type }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The store names of a srcset (`/media/creatives/x-320.avif 320w, …`) with their widths. */
function entries(srcset: string): { name: string; width: number }[] {
  return srcset.split(', ').map((entry) => {
    const [url, w] = entry.split(' ');
    return { name: url!.replace(/^\/media\//, ''), width: Number(w!.replace('w', '')) };
  });
}

async function mediaRow(creative: Creative) {
  const name = creative.mediaUrl!.replace(/^\/media\//, '');
  const [row] = await t.db.select().from(media).where(eq(media.name, name));
  return row!;
}

describe('responsive variants', () => {
  it('makes AVIF and WebP at each width up to the original, never enlarged, with the colour', async () => {
    const creative = await submit(await pngBytes(1000, 1250), 'grand.png', 'image/png');
    expect(creative.sources).toBeTruthy();
    expect(entries(creative.sources!.avif).map((e) => e.width)).toEqual([320, 480, 640, 960]);
    expect(entries(creative.sources!.webp).map((e) => e.width)).toEqual([320, 480, 640, 960]);
    expect(creative.placeholderColor).toMatch(/^#e[01][01][cd]4[78]$/); // the red of pngBytes
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ] as const) {
      const served = await t.request('GET', `/media/${entries(creative.sources![format])[0]!.name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    for (const format of VARIANT_FORMATS) {
      for (const { name, width } of entries(creative.sources![format])) {
        const meta = await sharp(await storedBytes(t.deps.media.store, name)).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format, name).toBe(format);
        expect(meta.width, name).toBe(width);
        expect(meta.height, name).toBe(Math.round((width * 1250) / 1000));
      }
    }
  });

  it('makes the smallest width for a small picture, and a video gets them from its poster', async () => {
    const small = await submit(await pngBytes(200, 100), 'petit.png', 'image/png');
    expect(entries(small.sources!.webp)).toEqual([{ name: expect.stringMatching(/-320\.webp$/), width: 320 }]);
    expect((await sharp(await storedBytes(t.deps.media.store, entries(small.sources!.webp)[0]!.name)).metadata()).width).toBe(200);

    const video = await submit(demoVideoBytes(), 'clip.mp4', 'video/mp4');
    expect(video.sources?.avif).toMatch(/-320\.avif 320w/);
  });

  it('removes the variants with the creative', async () => {
    const creative = await submit(await pngBytes(700, 700), 'efface.png', 'image/png');
    const names = [...entries(creative.sources!.avif), ...entries(creative.sources!.webp)].map((e) => e.name);
    expect((await t.request('DELETE', `/api/creatives/${creative.id}`, { cookie: admin })).status).toBeLessThan(300);
    for (const name of names) expect(await t.deps.media.store.exists(name), name).toBe(false);
  });

  it('the backfill makes them for media stored before, once', async () => {
    const creative = await submit(await pngBytes(500, 400), 'ancien.png', 'image/png');
    const row = await mediaRow(creative);
    // As stored before variants existed: no widths recorded, no files.
    for (const width of row.variantWidths!)
      for (const f of VARIANT_FORMATS) await t.deps.media.store.remove(variantName(row.name.replace(/\.png$/, ''), width, f));
    await t.db.update(media).set({ variantWidths: null, placeholderColor: null }).where(eq(media.id, row.id));
    t.deps.caches.responseCache?.invalidate();
    expect((await t.request<Creative>('GET', `/api/creatives/${creative.id}`)).body.sources).toBeNull();

    const summary = await backfillImageVariants(t.db, t.deps.media.store, { batch: 2 });
    expect(summary.made).toBeGreaterThanOrEqual(1);
    t.deps.caches.responseCache?.invalidate();
    const after = (await t.request<Creative>('GET', `/api/creatives/${creative.id}`)).body;
    expect(after.sources).toEqual(creative.sources);
    expect(after.placeholderColor).toBe(creative.placeholderColor);
    for (const { name } of entries(after.sources!.avif)) expect(await t.deps.media.store.exists(name)).toBe(true);

    expect(await backfillImageVariants(t.db, t.deps.media.store)).toEqual({ made: 0, missing: 0 });
  });

  it('the backfill passes over a picture above the pixel limit (stored before uploads were checked)', async () => {
    const name = 'creatives/1700000000000-0123456789ab.png';
    await t.deps.media.store.put(name, bombPng(12_000, 12_000));
    await t.db.insert(media).values({ name, size: 1, contentType: 'image/png', originalName: 'bombe.png', timestamp: 1 });
    expect(await backfillImageVariants(t.db, t.deps.media.store)).toEqual({ made: 0, missing: 1 });
  });
});
