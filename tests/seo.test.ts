import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '@server/http/context';
import { CreativePages } from '@server/seo/creative-pages';
import { seoRoutes, type SeoOptions } from '@server/seo/seo.routes';
import { escapeXml } from '@server/seo/sitemap-xml';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/** robots.txt and the sitemaps (server/seo/), on PGlite or the PostgreSQL of DATABASE_URL. */
let t: TestApp;
const approved: { id: string; createdAt: Date; updatedAt: Date }[] = [];
let pendingId = '';
let rejectedId = '';

/** The seo routes alone, with a small page size so that a few creatives make several files. */
function seoApp(options: SeoOptions = {}) {
  const app = new Hono<AppEnv>().route('/', seoRoutes(t.deps, { pageSize: 3, batchSize: 2, pagingTtlMs: 0, ...options }));
  return (path: string, headers: Record<string, string> = {}) => app.request(new URL(path, t.config.publicUrl).toString(), { headers });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const TEXT = /(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*/.source;
const ENTRY = new RegExp(`<(url|sitemap)><loc>(${TEXT})</loc>(?:<lastmod>(${TEXT})</lastmod>)?</\\1>\\n`, 'y');

/**
 * The `<loc>` and `<lastmod>` of a sitemap file or index, read strictly: the text must be exactly
 * the protocol's declaration, root and entries, with no `<`, `>` or `&` left unescaped.
 */
function parse(xml: string) {
  const head = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<(urlset|sitemapindex) xmlns="([^"]+)">\n/.exec(xml);
  expect(head, xml.slice(0, 200)).not.toBeNull();
  const [opening, root, ns] = head!;
  const text = (s: string) => s.replace(/&(\w+);/g, (_, name: string) => ENTITIES[name]!);
  const entries: { loc: string; lastmod: string | null }[] = [];
  let at = opening.length;
  for (;;) {
    ENTRY.lastIndex = at;
    const m = ENTRY.exec(xml);
    if (!m) break;
    expect(m[1]).toBe(root === 'urlset' ? 'url' : 'sitemap');
    entries.push({ loc: text(m[2]!), lastmod: m[3] === undefined ? null : text(m[3]) });
    at = ENTRY.lastIndex;
  }
  expect(xml.slice(at)).toBe(`</${root}>\n`);
  return { root, ns, entries };
}

const creativeUrl = (id: string) => `${t.config.publicUrl}/creatives/${encodeURIComponent(id)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://creatheque.example' } });
  // 7 approved creatives: two share a creation time (the id breaks the tie); one id needs escaping.
  const times = ['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z'];
  for (let i = 0; i < 7; i++) {
    const createdAt = new Date(times[i] ?? `2026-02-0${i}T08:00:00.000Z`);
    const updatedAt = new Date(createdAt.getTime() + 86_400_000 + 789);
    const row = await insertCreative(t.db, { id: i === 5 ? `o'brien&co<${i}>` : `creative-${i}`, createdAt, updatedAt });
    approved.push({ id: row.id, createdAt, updatedAt });
  }
  approved.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  pendingId = (await insertCreative(t.db, { id: 'pending-one', status: 'pending', createdAt: new Date('2026-01-02T10:00:00.000Z') })).id;
  rejectedId = (await insertCreative(t.db, { id: 'rejected-one', status: 'rejected', rejectionReason: 'Flou' })).id;
});
afterAll(() => t?.close());

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps crawlers off the API and the account pages, and names the sitemap', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/admin',
      '/partage/',
      '/account',
      '/favorites',
      '/folders',
      '/submit',
      '/agency',
      '/login',
      '/register',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).not.toContain('Disallow: /creatives');
    expect(lines).toContain('Sitemap: https://creatheque.example/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it('is served by the app: an index of the home page file and one file per 50,000 creatives', async () => {
    const res = await t.request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const index = parse(res.text);
    expect(index.root).toBe('sitemapindex');
    expect(index.ns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(index.entries.map((e) => e.loc)).toEqual([
      'https://creatheque.example/sitemaps/pages.xml',
      'https://creatheque.example/sitemaps/creatives-1.xml',
    ]);
  });

  it('lists ceil(approved / page size) creatives files', async () => {
    const res = await seoApp()('/sitemap.xml');
    expect(parse(await res.text()).entries.map((e) => e.loc)).toEqual([
      'https://creatheque.example/sitemaps/pages.xml',
      'https://creatheque.example/sitemaps/creatives-1.xml',
      'https://creatheque.example/sitemaps/creatives-2.xml',
      'https://creatheque.example/sitemaps/creatives-3.xml',
    ]);
    const exact = await seoApp({ pageSize: 7 })('/sitemap.xml');
    expect(parse(await exact.text()).entries).toHaveLength(2);
  });

  it('lists the home page in pages.xml', async () => {
    const res = await t.request('GET', '/sitemaps/pages.xml');
    expect(res.status).toBe(200);
    const file = parse(res.text);
    expect(file.root).toBe('urlset');
    expect(file.entries).toEqual([{ loc: 'https://creatheque.example/', lastmod: null }]);
  });
});

describe('GET /sitemaps/creatives-<k>.xml', () => {
  async function file(get: ReturnType<typeof seoApp>, k: number) {
    const res = await get(`/sitemaps/creatives-${k}.xml`);
    expect(res.status).toBe(200);
    return parse(await res.text()).entries;
  }

  it('lists every approved creative with its last change, never a pending or rejected one', async () => {
    const res = await t.request('GET', '/sitemaps/creatives-1.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const entries = parse(res.text).entries;
    expect(entries).toEqual(approved.map((c) => ({ loc: creativeUrl(c.id), lastmod: c.updatedAt.toISOString().replace('.789Z', 'Z') })));
    expect(res.text).not.toContain(pendingId);
    expect(res.text).not.toContain(rejectedId);
  });

  it('splits the creatives in (creation, id) order into files of the page size', async () => {
    const get = seoApp();
    const files = [await file(get, 1), await file(get, 2), await file(get, 3)];
    expect(files.map((f) => f.length)).toEqual([3, 3, 1]);
    expect(files.flat().map((e) => e.loc)).toEqual(approved.map((c) => creativeUrl(c.id)));
  });

  it('answers 404 beyond the last file, and for any other name', async () => {
    const get = seoApp();
    for (const name of ['creatives-4.xml', 'creatives-0.xml', 'creatives-01.xml', 'creatives-x.xml', 'creatives-1.txt', 'other.xml']) {
      expect((await get(`/sitemaps/${name}`)).status, name).toBe(404);
    }
    expect((await t.request('GET', '/sitemaps/creatives-2.xml')).status).toBe(404);
  });

  it('escapes the addresses', async () => {
    const text = await (await seoApp({ pageSize: 50_000 })('/sitemaps/creatives-1.xml')).text();
    expect(text).toContain('<loc>https://creatheque.example/creatives/o&apos;brien%26co%3C5%3E</loc>');
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('is sent in brotli or gzip when the client takes them, with the same XML', async () => {
    const get = seoApp({ pageSize: 50_000 });
    const identity = await (await get('/sitemaps/creatives-1.xml')).text();
    const br = await get('/sitemaps/creatives-1.xml', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(identity);
    const gzip = await get('/sitemaps/creatives-1.xml', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(identity);
  });

  it('follows approvals: a creative approved later appears, with its approval as last change', async () => {
    const { id } = await insertCreative(t.db, { id: 'approved-later', status: 'pending', updatedAt: new Date('2020-01-01T00:00:00Z') });
    const get = seoApp({ pageSize: 50_000 });
    expect((await file(get, 1)).map((e) => e.loc)).not.toContain(creativeUrl(id));
    const { cookie } = await t.loginAs('admin');
    const before = Date.now();
    expect((await t.request('POST', `/api/creatives/${id}/approve`, { cookie })).status).toBe(200);
    const entry = (await file(get, 1)).find((e) => e.loc === creativeUrl(id));
    expect(Date.parse(entry!.lastmod!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });
});

describe('HEAD and the kept first keys', () => {
  it('answers HEAD with the headers only, and 404 beyond the last file', async () => {
    const app = new Hono<AppEnv>().route('/', seoRoutes(t.deps, { pageSize: 3, pagingTtlMs: 0 }));
    const head = (path: string) => app.request(new URL(path, t.config.publicUrl).toString(), { method: 'HEAD' });
    const res = await head('/sitemaps/creatives-1.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=UTF-8');
    expect(await res.text()).toBe('');
    expect((await head('/sitemaps/creatives-9.xml')).status).toBe(404);
  });

  it('reads the first keys once per ttl, and again after a failed read', async () => {
    let clock = 0;
    let reads = 0;
    let fail = false;
    const pages = new CreativePages(t.db, {
      pageSize: 3,
      ttlMs: 1_000,
      now: () => clock,
      guard: (work) => {
        reads++;
        return fail ? Promise.reject(new Error('down')) : work();
      },
    });
    const [a, b] = await Promise.all([pages.pageStarts(), pages.pageStarts()]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    clock = 999;
    await pages.pageStarts();
    expect(reads).toBe(1);
    clock = 1_000;
    fail = true;
    await expect(pages.pageStarts()).rejects.toThrow('down');
    fail = false;
    expect(await pages.pageStarts()).toHaveLength(a.length);
    expect(reads).toBe(3);
  });
});
