import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@domain/errors';
import { IMAGE_MAX_BYTES } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { media } from '@server/db/schema';
import { rowsOf } from '@server/db/sql-rows';
import { bombPng, detailedJpeg, floodPng, jpegHeaderLength, multipart, noiseBytes, type Part } from './helpers/attack-files';
import { storedBytes } from './helpers/stored-bytes';
import { createTestApp, type ApiError, type TestApp, type TestResponse } from './helpers/test-app';
import { creativeForm, demoVideoBytes, padTo, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * The upload attack corpus (issue 14): each hostile file is refused with its status and error code
 * — or, where it is harmless, accepted safely — and leaves NOTHING behind: no file anywhere under
 * DATA_DIR/media (.tmp included), no media or creative row. Run on submit and on edit.
 */
let t: TestApp;
let agency: string;
let admin: string;
/** A creative made before the corpus, edited by every case: it must keep its media. */
let target: Creative;

beforeAll(async () => {
  t = await createTestApp();
  agency = (await t.loginAs('agency')).cookie;
  admin = (await t.loginAs('admin')).cookie;
  const made = await t.request<Creative>('POST', '/api/creatives', {
    cookie: admin,
    body: creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'cible.png', type: 'image/png' }),
  });
  expect(made.status, made.text).toBe(201);
  target = made.body;
});

afterAll(() => t.close());

/** Every file under DATA_DIR/media, temp files included, as relative paths. */
function mediaFiles(): string[] {
  const root = path.join(t.dataDir, 'media');
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile()).sort();
}

async function rowCounts() {
  const [row] = await rowsOf<{ media: number; creatives: number }>(
    t.db,
    sql`select (select count(*)::int from media) as media, (select count(*)::int from creatives) as creatives`,
  );
  return { media: Number(row!.media), creatives: Number(row!.creatives) };
}

/** Runs `attempt` and checks that it left the store and the tables exactly as they were. */
async function leavesNothing<T>(attempt: () => Promise<T>): Promise<T> {
  const files = mediaFiles();
  const rows = await rowCounts();
  const result = await attempt();
  expect(mediaFiles(), 'files under DATA_DIR/media').toEqual(files);
  expect(await rowCounts(), 'media and creative rows').toEqual(rows);
  return result;
}

type Body = FormData | { body: Buffer; contentType: string };

function send(method: 'POST' | 'PATCH', body: Body, headers: Record<string, string> = {}) {
  const url = method === 'POST' ? '/api/creatives' : `/api/creatives/${target.id}`;
  const cookie = method === 'POST' ? agency : admin;
  if (body instanceof FormData) return t.request<ApiError>(method, url, { cookie, body, headers });
  return t.request<ApiError>(method, url, { cookie, body: body.body, headers: { 'content-type': body.contentType, ...headers } });
}

function expectRefused(res: TestResponse<ApiError>, status: number, code: ErrorCode, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) {
    expect(res.body.error.message).toBe(message);
    // The submit / edit form shows it under the file picker.
    expect(res.body.error.fields?.media).toBe(message);
  }
}

const file = (bytes: Buffer, name: string, type: string) => creativeForm(VALID_FORM, { bytes, name, type });

interface RefusedCase {
  name: string;
  form: () => Promise<FormData>;
  status: number;
  code: ErrorCode;
  message: string;
}

const refused: RefusedCase[] = [
  {
    name: 'HTML disguised as a .jpg',
    form: async () =>
      file(Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'.repeat(80)), 'photo.jpg', 'image/jpeg'),
    status: 415,
    code: 'UNSUPPORTED_MEDIA',
    message: MSG.mediaInvalidType,
  },
  {
    name: 'SVG disguised as a .jpg',
    form: async () =>
      file(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect/>'.repeat(700)}</svg>`),
        'logo.jpg',
        'image/jpeg',
      ),
    status: 415,
    code: 'UNSUPPORTED_MEDIA',
    message: MSG.mediaInvalidType,
  },
  {
    name: 'SVG with a script, declared image/svg+xml',
    form: async () =>
      file(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ),
    status: 415,
    code: 'UNSUPPORTED_MEDIA',
    message: MSG.mediaInvalidType,
  },
  {
    name: 'a truncated JPEG',
    form: async () => {
      const jpeg = await detailedJpeg();
      return file(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'coupee.jpg', 'image/jpeg');
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA',
    message: MSG.imageUnreadable,
  },
  {
    name: '9 MiB of noise behind a JPEG header',
    form: async () => {
      const jpeg = await detailedJpeg();
      return file(Buffer.concat([jpeg.subarray(0, jpegHeaderLength(jpeg)), noiseBytes(9 * 1024 * 1024)]), 'bruit.jpg', 'image/jpeg');
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA',
    message: MSG.imageUnreadable,
  },
  {
    name: 'a pixel flood (PNG header claiming 20000 × 20000)',
    form: async () => file(floodPng(20_000, 20_000), 'flood.png', 'image/png'),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: MSG.imageDimensionsTooLarge,
  },
  {
    name: 'a decompression bomb (a 17 KB PNG of 12000 × 12000, one colour)',
    form: async () => file(bombPng(12_000, 12_000), 'bombe.png', 'image/png'),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: MSG.imageDimensionsTooLarge,
  },
  {
    name: 'over 40 megapixels with sides under 10,000 px (9000 × 9000)',
    form: async () => file(bombPng(9_000, 9_000), 'carre.png', 'image/png'),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: MSG.imageDimensionsTooLarge,
  },
  {
    name: 'an image of 10 MB + 1 byte',
    form: async () => file(padTo(await pngBytes(), IMAGE_MAX_BYTES + 1), 'lourde.png', 'image/png'),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: MSG.imageTooLarge,
  },
];

describe('hostile files are refused and leave nothing behind', () => {
  for (const attack of refused) {
    it(`${attack.name}: ${attack.status} on submit and on edit`, async () => {
      const submitted = await leavesNothing(async () => send('POST', await attack.form()));
      expectRefused(submitted, attack.status, attack.code, attack.message);
      const edited = await leavesNothing(async () => send('PATCH', await attack.form()));
      expectRefused(edited, attack.status, attack.code, attack.message);
    });
  }

  it('a corrupt video (noise behind an MP4 header): 415 on submit and on edit', async ({ skip }) => {
    if (!t.deps.media.tools.ffmpeg) skip('no ffmpeg here: videos are stored as sent (README, Media)');
    const video = () => file(Buffer.concat([demoVideoBytes().subarray(0, 32), noiseBytes(200_000)]), 'clip.mp4', 'video/mp4');
    expectRefused(await leavesNothing(() => send('POST', video())), 415, 'UNSUPPORTED_MEDIA', MSG.videoUnreadable);
    expectRefused(await leavesNothing(() => send('PATCH', video())), 415, 'UNSUPPORTED_MEDIA', MSG.videoUnreadable);
  });

  it('a zero-byte file: no media on submit (400), nothing replaced on edit', async () => {
    const empty = () => file(Buffer.alloc(0), 'vide.jpg', 'image/jpeg');
    expectRefused(await leavesNothing(() => send('POST', empty())), 400, 'VALIDATION', MSG.mediaRequired);
    const edited = await leavesNothing(() => send('PATCH', empty()));
    expect(edited.status, edited.text).toBe(200);
    expect((edited.body as unknown as Creative).mediaUrl).toBe(target.mediaUrl);
  });

  it('two media parts: 400, neither kept', async () => {
    const png = await pngBytes();
    const twice = (): Body =>
      multipart([
        { name: 'data', body: JSON.stringify(VALID_FORM) },
        { name: 'media', filename: 'a.png', type: 'image/png', body: png },
        { name: 'media', filename: 'b.png', type: 'image/png', body: png },
      ]);
    expectRefused(await leavesNothing(() => send('POST', twice())), 400, 'VALIDATION', MSG.oneMediaOnly);
    expectRefused(await leavesNothing(() => send('PATCH', twice())), 400, 'VALIDATION', MSG.oneMediaOnly);
  });

  it('oversize with a Content-Length: refused from the header when over any limit, or while it streams', async () => {
    const serialized = async (form: FormData) => {
      const encoded = new Response(form);
      return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
    };
    const image = await serialized(file(padTo(await pngBytes(), IMAGE_MAX_BYTES + 1), 'lourde.png', 'image/png'));
    const streamed = await leavesNothing(() => send('POST', image, { 'content-length': String(image.body.length) }));
    expectRefused(streamed, 413, 'PAYLOAD_TOO_LARGE', MSG.imageTooLarge);
    // A declared length over the largest form is refused before one byte of the body is read.
    const declared = await leavesNothing(() =>
      send('POST', { body: Buffer.from('x'), contentType: image.contentType }, { 'content-length': String(60 * 1024 * 1024) }),
    );
    expectRefused(declared, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a missing creative on edit: 404, the uploaded file removed', async () => {
    const res = await leavesNothing(async () =>
      t.request<ApiError>('PATCH', '/api/creatives/inconnue', { cookie: admin, body: file(await pngBytes(), 'a.png', 'image/png') }),
    );
    expect(res.status).toBe(404);
  });

  it('the target creative still has its media after the whole corpus', async () => {
    const now = await t.request<Creative>('GET', `/api/creatives/${target.id}`);
    expect(now.body.mediaUrl).toBe(target.mediaUrl);
    expect((await t.request('GET', target.mediaUrl!)).status).toBe(200);
  });
});

describe('malformed multipart is a 400, never a 500', () => {
  const png = pngBytes();
  const cases: { name: string; body: () => Promise<Body> }[] = [
    {
      name: 'multipart/form-data without a boundary',
      body: async () => ({ body: multipart([{ name: 'data', body: '{}' }]).body, contentType: 'multipart/form-data' }),
    },
    {
      name: 'a boundary that never comes',
      body: async () => ({ body: Buffer.from('no boundary in here'), contentType: 'multipart/form-data; boundary=jamais' }),
    },
    {
      name: 'a form cut in the middle of its file',
      body: async () => {
        const whole = multipart([
          { name: 'data', body: JSON.stringify(VALID_FORM) },
          { name: 'media', filename: 'a.png', type: 'image/png', body: padTo(await png, 64 * 1024) },
        ]);
        return { body: whole.body.subarray(0, whole.body.length - 20_000), contentType: whole.contentType };
      },
    },
    {
      name: 'not multipart at all',
      body: async () => ({ body: Buffer.from(JSON.stringify(VALID_FORM)), contentType: 'application/json' }),
    },
  ];
  for (const { name, body } of cases) {
    it(`${name}: 400 on submit and on edit`, async () => {
      for (const method of ['POST', 'PATCH'] as const) {
        const res = await leavesNothing(async () => send(method, await body()));
        expectRefused(res, 400, 'VALIDATION');
        expect(res.body.error.message).toBe(MSG.uploadFormInvalid);
      }
    });
  }

  it('a multipart body sent to the admin form (JSON only): refused, nothing written', async () => {
    const form = multipart([{ name: 'media', filename: 'a.png', type: 'image/png', body: await png }]);
    const res = await leavesNothing(() =>
      t.request<ApiError>('POST', '/api/admin/creatives', {
        cookie: admin,
        body: form.body,
        headers: { 'content-type': form.contentType },
      }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('harmless files are accepted safely', () => {
  async function storedOriginal(creative: Creative) {
    const name = creative.mediaUrl!.replace(/^\/media\//, '');
    const [row] = await t.db.select().from(media).where(eq(media.name, name));
    return { row: row!, bytes: await storedBytes(t.deps.media.store, name) };
  }

  it('a polyglot JPEG/HTML is stored as the JPEG alone and served as an image, nosniff', async () => {
    const jpeg = await detailedJpeg(320, 240);
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const res = await t.request<Creative>('POST', '/api/creatives', { cookie: admin, body: file(polyglot, 'poly.jpg', 'image/jpeg') });
    expect(res.status, res.text).toBe(201);
    const { row, bytes } = await storedOriginal(res.body);
    expect(bytes.includes('<html')).toBe(false);
    expect(bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect(row.size).toBe(bytes.length);
    // The same pixels: only what followed the end of the image went.
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(jpeg).raw().toBuffer())).toBe(true);
    for (const url of [res.body.mediaUrl!, res.body.thumbUrl!]) {
      const served = await t.request('GET', url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|webp)$/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.bytes.includes('<html')).toBe(false);
    }
  });

  it('path traversal, CR/LF and NUL in the file name: our stored name, a clean record, a safe download', async () => {
    const png = await pngBytes();
    const names: Omit<Part, 'name' | 'body' | 'type'>[] = [
      { filename: '../../../etc/passwd.png' },
      { filename: '..\\..\\windows\\win.ini.png' },
      { filenameStar: 'evil.png%0D%0ASet-Cookie%3A%20session%3Dvole%0D%0AX-Injected%3A%201' },
      { filenameStar: 'nul%00.png' },
    ];
    for (const name of names) {
      const form = multipart([
        { name: 'data', body: JSON.stringify(VALID_FORM) },
        { name: 'media', type: 'image/png', body: png, ...name },
      ]);
      const res = await t.request<Creative>('POST', '/api/creatives', {
        cookie: admin,
        body: form.body,
        headers: { 'content-type': form.contentType },
      });
      expect(res.status, `${JSON.stringify(name)}: ${res.text}`).toBe(201);
      const { row } = await storedOriginal(res.body);
      expect(row.name).toMatch(/^creatives\/\d+-[0-9a-f]+\.png$/);
      // eslint-disable-next-line no-control-regex -- no control character may be recorded
      expect(row.originalName).not.toMatch(/[/\\\u0000-\u001f]/);
      const download = await t.request('GET', `/api/creatives/${res.body.id}/download`, { cookie: admin });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.png"$/);
      expect(download.headers.get('x-injected')).toBeNull();
      expect(download.headers.getSetCookie()).toEqual([]);
    }
  });
});
