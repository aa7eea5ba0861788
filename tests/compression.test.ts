import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creative, Page } from '@domain/types';
import { precompressDir } from '../build/precompress';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp, type TestResponse } from './helpers/test-app';

/**
 * Compression (issue 13): API JSON from 1 kB on, the HTML page and the built static files go
 * brotli or gzip by Accept-Encoding, always with `Vary: Accept-Encoding`; the decoded bytes are
 * exactly the identity answer; conditional GETs keep working on compressed answers.
 */

let t: TestApp;
let distDir: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `mot-${i % 37}`))};\n`;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'creatheque-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html><html lang="fr"><head></head><body data-contact="__CONTACT_EMAIL__">${'<p>Créathèque</p>'.repeat(80)}</body></html>`,
  );
  await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), script);
  await fs.writeFile(path.join(distDir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  await precompressDir(distDir);
  t = await createTestApp({ distDir, env: { CONTACT_EMAIL: 'contact@example.fr' } });
  for (let i = 0; i < 12; i++) await insertCreative(t.db, { name: `Créa compressée ${i}`, advertiser: 'Annonceur de test' });
});

afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

function decode(res: TestResponse): string {
  const coding = res.headers.get('content-encoding');
  if (coding === 'br') return zlib.brotliDecompressSync(res.bytes).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(res.bytes).toString('utf8');
  expect(coding).toBeNull();
  return res.bytes.toString('utf8');
}

const get = (urlPath: string, headers: Record<string, string> = {}, cookie?: string) => t.request('GET', urlPath, { headers, cookie });
const vary = (res: TestResponse) => (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());

describe('API JSON', () => {
  it('goes brotli or gzip as the client takes them, decoding to the identity answer', async () => {
    const plain = await get('/api/creatives');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.byteLength).toBeGreaterThan(1024);
    expect((plain.body as Page<Creative>).items).toHaveLength(12);

    const br = await get('/api/creatives', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gz = await get('/api/creatives', { 'accept-encoding': 'gzip, deflate' });
    const refused = await get('/api/creatives', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(refused.headers.get('content-encoding')).toBeNull();
    for (const res of [plain, br, gz, refused]) {
      expect(decode(res)).toBe(plain.text);
      expect(vary(res)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    }
    expect(br.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 3);
    // The shared cache served these (the first filled it): its codings are the entry's own.
    expect(br.headers.get('x-cache')).toBe('hit');
  });

  it('tags a compressed answer with the weak form of the same tag, and revalidates with either', async () => {
    const plain = await get('/api/creatives');
    const br = await get('/api/creatives', { 'accept-encoding': 'br' });
    const strong = plain.headers.get('etag')!;
    expect(strong).toMatch(/^"/);
    expect(br.headers.get('etag')).toBe(`W/${strong}`);
    for (const tag of [strong, `W/${strong}`]) {
      const again = await get('/api/creatives', { 'accept-encoding': 'br', 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.bytes.byteLength).toBe(0);
    }
  });

  it('compresses a signed-in answer made for one request too', async () => {
    const { cookie } = await t.loginAs('user');
    const plain = await get('/api/creatives', {}, cookie);
    const br = await get('/api/creatives', { 'accept-encoding': 'br' }, cookie);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(decode(br)).toBe(plain.text);
    const revalidated = await get('/api/creatives', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! }, cookie);
    expect(revalidated.status).toBe(304);
  });

  it('leaves an answer under 1 kB as it is', async () => {
    const empty = await get('/api/creatives?q=introuvablexyz', { 'accept-encoding': 'br' });
    expect(empty.status).toBe(200);
    expect(empty.bytes.byteLength).toBeLessThan(1024);
    expect(empty.headers.get('content-encoding')).toBeNull();
    expect(vary(empty)).not.toContain('accept-encoding');
  });
});

describe('web app files', () => {
  it('sends the HTML page compressed, with the contact e-mail filled in', async () => {
    const plain = await get('/');
    const br = await get('/', { 'accept-encoding': 'br' });
    const gz = await get('/creatives/1', { 'accept-encoding': 'gzip' });
    expect(plain.text).toContain('data-contact="contact@example.fr"');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(decode(br)).toBe(plain.text);
    expect(decode(gz)).toBe((await get('/creatives/1')).text);
    for (const res of [plain, br, gz]) {
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(vary(res)).toContain('accept-encoding');
    }
  });

  it('serves the build-time .br and .gz of a script, immutable and varying on Accept-Encoding', async () => {
    const plain = await get('/assets/app-abc123.js');
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(plain.text).toBe(script);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(br.bytes.equals(await fs.readFile(path.join(distDir, 'assets', 'app-abc123.js.br')))).toBe(true);
    for (const res of [plain, br, gz]) {
      expect(decode(res)).toBe(script);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(vary(res)).toContain('accept-encoding');
    }
  });

  it("gives the build's files the subresource headers only, and the page the document's", async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    const page = await get('/');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not precompress files under 1 kB (they go as they are)', async () => {
    await expect(fs.stat(path.join(distDir, 'assets', 'tiny-abc123.js.br'))).rejects.toThrow();
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers.get('content-encoding')).toBeNull();
  });
});

describe('HSTS', () => {
  it('is not sent when the public URL is plain http (browsers ignore it there)', async () => {
    const res = await get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent when the public URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://creatheque.example.fr' } });
    try {
      const res = await secure.request('GET', '/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
