import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { creatives, media } from '@server/db/schema';
import { openGraphFileName } from '@server/media/derivatives';
import { openGraphImage } from '@server/media/open-graph';
import { checkIntegrity, isClean } from '@server/ops/integrity';
import { backfillOpenGraphImages } from '@server/services/media-backfill';
import { deleteMedia } from '@server/services/media.service';
import { storedBytes } from './helpers/stored-bytes';
import { createTestApp, type TestApp } from './helpers/test-app';
import { demoVideoBytes, pngBytes, submitCreative } from './helpers/uploads';

/**
 * Link previews (Open Graph / Twitter cards): an upload makes a 1200-px JPEG beside the original, from
 * the image or the video's poster; it is served like the other derivatives, deleted with its creative,
 * known to the integrity check, made by the backfill for media stored before; openGraphImage tells the
 * page head its URL and real size.
 */
let t: TestApp;
let admin: string;
const now = { minAgeMs: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.loginAs('admin')).cookie;
});

afterAll(() => t.close());

const storeName = (url: string) => url.replace(/^\/media\//, '');

async function mediaRow(creative: Creative) {
  const [row] = await t.db
    .select()
    .from(media)
    .where(eq(media.name, storeName(creative.mediaUrl!)));
  return row!;
}

/** The stored JPEG of `preview`, checked against what openGraphImage said of it. */
async function expectPreviewFile(preview: ReturnType<typeof openGraphImage>) {
  expect(preview).not.toBeNull();
  const meta = await sharp(await storedBytes(t.deps.media.store, storeName(preview!.url))).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height, progressive: meta.isProgressive }).toEqual({
    format: 'jpeg',
    width: preview!.width,
    height: preview!.height,
    progressive: true,
  });
}

describe('link-preview image', () => {
  it('is made at upload for an image, 1200 px wide, served like the other derivatives', async () => {
    const creative = await submitCreative(t, admin, await pngBytes(2000, 1500), 'grande.png', 'image/png');
    const preview = openGraphImage(creative);
    expect(preview).toEqual({ url: creative.mediaUrl!.replace(/\.png$/, '-og.jpg'), width: 1200, height: 900 });
    await expectPreviewFile(preview);
    expect((await mediaRow(creative)).ogWidth).toBe(1200);

    // Approved (an administrator's submission is): anyone may have it — a crawler — cached for good.
    expect(creative.status).toBe('approved');
    const served = await t.request('GET', preview!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('goes, while the creative is pending, only to who may open it (not to a crawler)', async () => {
    const agency = (await t.loginAs('agency')).cookie;
    const pending = await submitCreative(t, agency, await pngBytes(1300, 700), 'en-attente.png', 'image/png');
    expect(pending.status).toBe('pending');
    const url = openGraphImage(pending)!.url;
    expect((await t.request('GET', url)).status).toBe(404);
    expect((await t.request('GET', url, { cookie: agency })).status).toBe(200);
    expect((await t.request('GET', url, { cookie: admin })).status).toBe(200);
  });

  it('keeps the width of a narrower image (never enlarged)', async () => {
    const creative = await submitCreative(t, admin, await pngBytes(500, 400), 'petite.png', 'image/png');
    const preview = openGraphImage(creative);
    expect(preview).toMatchObject({ width: 500, height: 400 });
    await expectPreviewFile(preview);
  });

  it("is made from a video's poster", async () => {
    const video = await submitCreative(t, admin, demoVideoBytes(), 'clip.mp4', 'video/mp4');
    expect(video.posterUrl).toBeTruthy();
    const preview = openGraphImage(video);
    expect(preview?.url).toBe(video.mediaUrl!.replace(/\.mp4$/, '-og.jpg'));
    await expectPreviewFile(preview);
    const poster = await sharp(await storedBytes(t.deps.media.store, storeName(video.posterUrl!))).metadata();
    expect(preview!.width).toBe(Math.min(1200, poster.width));
  });

  it('is neither an orphan nor missing for the integrity check, and is deleted with its creative', async () => {
    const creative = await submitCreative(t, admin, await pngBytes(900, 600), 'verifiee.png', 'image/png');
    const og = storeName(openGraphImage(creative)!.url);
    const report = await checkIntegrity(t.db, t.deps.media.store, now);
    expect(report.orphanFiles).toEqual([]);
    expect(report.missingFiles).toEqual([]);

    await t.deps.media.store.remove(og);
    const row = await mediaRow(creative);
    expect((await checkIntegrity(t.db, t.deps.media.store, now)).missingFiles).toEqual([{ mediaId: row.id, file: og }]);

    const other = await submitCreative(t, admin, await pngBytes(300, 300), 'effacee.png', 'image/png');
    const otherOg = storeName(openGraphImage(other)!.url);
    expect(await t.deps.media.store.exists(otherOg)).toBe(true);
    expect((await t.request('DELETE', `/api/creatives/${other.id}`, { cookie: admin })).status).toBeLessThan(300);
    expect(await t.deps.media.store.exists(otherOg)).toBe(false);

    // Leave the store clean for the next test.
    await t.db.delete(creatives).where(eq(creatives.id, creative.id));
    await deleteMedia(t.db, t.deps.media.store, row.id);
  });

  it('the backfill makes it for media stored before, once', async () => {
    const image = await submitCreative(t, admin, await pngBytes(1600, 1000), 'ancienne.png', 'image/png');
    const video = await submitCreative(t, admin, demoVideoBytes(), 'ancien.mp4', 'video/mp4');
    const before = new Map<string, Buffer>();
    for (const creative of [image, video]) {
      // As stored before link previews existed: nothing recorded, no file; and no size for the image.
      const row = await mediaRow(creative);
      const og = openGraphFileName(row.name.replace(/\.[a-z0-9]+$/, ''));
      before.set(og, await storedBytes(t.deps.media.store, og));
      await t.deps.media.store.remove(og);
      await t.db
        .update(media)
        .set({ ogWidth: null, ...(creative === image ? { width: null, height: null } : {}) })
        .where(eq(media.id, row.id));
    }
    expect(isClean(await checkIntegrity(t.db, t.deps.media.store, now))).toBe(true);

    const summary = await backfillOpenGraphImages(t.db, t.deps.media.store, { batch: 1 });
    expect(summary.made).toBeGreaterThanOrEqual(2);
    for (const [og, bytes] of before) expect((await storedBytes(t.deps.media.store, og)).equals(bytes), og).toBe(true);
    expect(await mediaRow(image)).toMatchObject({ ogWidth: 1200, width: 1600, height: 1000 });
    expect((await mediaRow(video)).ogWidth).toBe(openGraphImage(video)!.width);
    t.deps.caches.responseCache?.invalidate();
    const reread = (await t.request<Creative>('GET', `/api/creatives/${image.id}`, { cookie: admin })).body;
    expect(openGraphImage(reread)).toEqual(openGraphImage(image));
    expect(isClean(await checkIntegrity(t.db, t.deps.media.store, now))).toBe(true);

    expect(await backfillOpenGraphImages(t.db, t.deps.media.store)).toEqual({ made: 0, missing: 0 });
  });

  it('the backfill passes over media without a readable picture', async () => {
    const name = 'creatives/1700000000000-0123456789ab.png';
    await t.deps.media.store.put(name, Buffer.from('pas une image'));
    const [row] = await t.db
      .insert(media)
      .values({ name, size: 13, contentType: 'image/png', originalName: 'cassee.png', timestamp: 1 })
      .returning();
    expect(await backfillOpenGraphImages(t.db, t.deps.media.store)).toEqual({ made: 0, missing: 1 });
    expect(await t.deps.media.store.exists(openGraphFileName('creatives/1700000000000-0123456789ab'))).toBe(false);
    await deleteMedia(t.db, t.deps.media.store, row!.id);
  });
});
