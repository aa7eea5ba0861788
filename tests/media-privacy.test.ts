import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@domain/roles';
import type { Creative } from '@domain/types';
import { media } from '@server/db/schema';
import { phonePhoto } from './helpers/attack-files';
import { storeTestImage } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { demoVideoBytes, submitCreative } from './helpers/uploads';

/**
 * Privacy of media (issue 14): (a) originals are stored without EXIF / XMP metadata — a phone
 * photo's position cannot be downloaded — and still show upright; videos are remuxed without
 * theirs; (b) the files of pending and rejected creatives go only to who may open the creative.
 */
const run = promisify(execFile);
let t: TestApp;
const cookies = {} as Record<Role | 'otherAgency', string>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-privacy-'));

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['user', 'agency', 'specialist', 'admin'] as const) cookies[role] = (await t.loginAs(role)).cookie;
  cookies.otherAgency = (await t.loginAs('agency')).cookie;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const submit = (role: Role, bytes: Buffer, name: string, type: string) => submitCreative(t, cookies[role], bytes, name, type);

async function mediaRow(creative: Creative) {
  const [row] = await t.db
    .select()
    .from(media)
    .where(eq(media.name, creative.mediaUrl!.replace(/^\/media\//, '')));
  return row!;
}

describe('originals are stored without their metadata', () => {
  const FORMATS = [
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
  ] as const;

  for (const [format, type, ext] of FORMATS) {
    it(`a ${format} phone photo's GPS position cannot be downloaded (GET /media/…, /download)`, async () => {
      const photo = await phonePhoto(format);
      expect((await sharp(photo).metadata()).exif, 'the sample carries EXIF').toBeDefined();
      const creative = await submit('admin', photo, `photo.${ext}`, type);
      const served = await t.request('GET', creative.mediaUrl!);
      const downloaded = await t.request('GET', `/api/creatives/${creative.id}/download`, { cookie: cookies.user });
      for (const { bytes } of [served, downloaded]) {
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        for (const text of ['PhoneCo', 'GPSLatitude', '48,51']) expect(bytes.includes(text), text).toBe(false);
        // Lossless: the very same pixels.
        expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
      }
      expect((await mediaRow(creative)).size).toBe(served.bytes.length);
    });
  }

  it('a photo EXIF rotates is stored upright, with its size as shown and without metadata', async () => {
    // 96 × 64 as encoded; orientation 6 shows it turned a quarter clockwise: 64 × 96.
    const photo = await phonePhoto('jpeg', { orientation: 6, width: 96, height: 64 });
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const creative = await submit('admin', photo, 'portrait.jpg', 'image/jpeg');
    const stored = (await t.request('GET', creative.mediaUrl!)).bytes;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([64, 96]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('PhoneCo')).toBe(false);
    const row = await mediaRow(creative);
    expect([row.width, row.height]).toEqual([64, 96]);
    expect(row.size).toBe(stored.length);
  });

  it('a video is remuxed without its metadata: no recording place, same streams', async ({ skip }) => {
    const ffmpeg = t.deps.media.tools.ffmpeg;
    if (!ffmpeg) skip('no ffmpeg here: videos are stored as sent (README, Media)');
    const source = path.join(scratch, 'source.mp4');
    const tagged = path.join(scratch, 'tagged.mp4');
    fs.writeFileSync(source, demoVideoBytes());
    // prettier-ignore
    await run(ffmpeg!, ['-hide_banner', '-v', 'error', '-y', '-i', source, '-c', 'copy',
      '-metadata', 'location=+48.8566+002.3522/', '-metadata', 'comment=filmed-at-home', tagged]);
    const probe = async (file: string) => (await run(ffmpeg!, ['-hide_banner', '-i', file]).catch((err: { stderr: string }) => err)).stderr;
    expect(await probe(tagged)).toContain('location');

    const creative = await submit('admin', fs.readFileSync(tagged), 'clip.mp4', 'video/mp4');
    const stored = (await t.request('GET', creative.mediaUrl!)).bytes;
    const file = path.join(scratch, 'stored.mp4');
    fs.writeFileSync(file, stored);
    const log = await probe(file);
    expect(log).not.toContain('location');
    expect(log).not.toContain('filmed-at-home');
    expect(stored.includes('loci')).toBe(false);
    expect(log).toMatch(/Stream #0:0.*Video: h264/);
    expect(creative.posterUrl).toMatch(/-poster\.jpg$/);
    expect((await mediaRow(creative)).size).toBe(stored.length);
  });
});

describe('pending and rejected media go only to who may open the creative', () => {
  type Caller = 'anonymous' | Role | 'otherAgency';
  const CALLERS: Caller[] = ['anonymous', 'user', 'otherAgency', 'agency', 'specialist', 'admin'];
  const MAY_SEE: Caller[] = ['agency', 'specialist', 'admin'];

  /** Every file of a creative: original, card, poster, each variant. */
  function urlsOf(creative: Creative): string[] {
    const variants = [creative.sources?.avif, creative.sources?.webp].flatMap(
      (srcset) => srcset?.split(', ').map((e) => e.split(' ')[0]!) ?? [],
    );
    return [creative.mediaUrl, creative.thumbUrl, creative.posterUrl, ...variants].filter((u): u is string => Boolean(u));
  }

  async function expectOnlyViewers(creative: Creative) {
    const urls = urlsOf(creative);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) {
      for (const caller of CALLERS) {
        const res = await t.request('GET', url, { cookie: caller === 'anonymous' ? undefined : cookies[caller] });
        const allowed = MAY_SEE.includes(caller);
        expect(res.status, `${url} as ${caller}`).toBe(allowed ? 200 : 404);
        expect(res.headers.get('cache-control'), `${url} as ${caller}`).toBe('private, no-store');
        if (allowed) expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
  }

  it('an image: pending, then rejected, then approved (public and cached for good)', async () => {
    const creative = await submit(
      'agency',
      await sharp({ create: { width: 700, height: 500, channels: 3, background: '#a0522d' } })
        .png()
        .toBuffer(),
      'en-attente.png',
      'image/png',
    );
    expect(creative.status).toBe('pending');
    await expectOnlyViewers(creative);

    const rejected = await t.request('POST', `/api/creatives/${creative.id}/reject`, {
      cookie: cookies.specialist,
      body: { reason: 'Flou' },
    });
    expect(rejected.status).toBe(200);
    await expectOnlyViewers(creative);

    expect((await t.request('POST', `/api/creatives/${creative.id}/approve`, { cookie: cookies.admin })).status).toBe(200);
    for (const url of urlsOf(creative)) {
      const res = await t.request('GET', url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it("a video's poster and variants too", async () => {
    const creative = await submit('agency', demoVideoBytes(), 'spot.mp4', 'video/mp4');
    if (creative.posterUrl) expect(urlsOf(creative)).toContain(creative.posterUrl);
    await expectOnlyViewers(creative);
  });

  it('approved media are served without looking the session up; a file no creative uses, to nobody', async () => {
    const approved = await submit('admin', await phonePhoto('png'), 'publique.png', 'image/png');
    const lookups = vi.spyOn(t.deps.auth.betterAuth.api, 'getSession');
    try {
      const res = await t.request('GET', approved.mediaUrl!, { cookie: `${cookies.user}; autre=1` });
      expect(res.status).toBe(200);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
    const orphan = await storeTestImage(t.deps);
    for (const caller of ['anonymous', 'admin'] as const) {
      const res = await t.request('GET', `/media/${orphan.name}`, { cookie: caller === 'admin' ? cookies.admin : undefined });
      expect(res.status).toBe(404);
    }
    expect((await t.request('GET', '/media/creatives/..%2F..%2Fauth-secret')).status).toBe(404);
  });
});
