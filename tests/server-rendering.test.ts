import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, FolderShare } from '@domain/types';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Visitors' public pages are rendered on the server by React (src/entry-server.tsx through
 * server/render/): the HTML holds the cards, links and details a browser without JavaScript shows,
 * each page has its own title, description, canonical URL and link-preview tags, a visitor's page
 * is kept in the shared cache and forgotten by the next write, and a share link's page is neither
 * cached nor tells anything of its folder in its tags. Signed-in pages are rendered in the browser.
 */

let t: TestApp;
let distDir: string;
let approved: string;
let pending: string;
const PUBLIC_URL = 'https://creatheque.example.fr';
const STYLESHEET = '.card{color:#4338ca}';

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'creatheque-dist-'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta name="description" content="défaut" /><title>Créathèque</title>' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'assets', 'index.css'), STYLESHEET);
  t = await createTestApp({ distDir, env: { PUBLIC_URL } });
  approved = (await insertCreative(t.db, { name: 'Croquettes & <chats>', advertiser: 'Miaou SA' })).id;
  pending = (await insertCreative(t.db, { name: 'Secret en attente', advertiser: 'Caché', status: 'pending' })).id;
});

afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
/** The head's tags (its inlined first-view answers apart: they are the page's data, shown in its body). */
const head = (html: string) => html.slice(0, html.indexOf('</head>')).replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head(html))?.[1] ?? null;

describe('server-rendered pages', () => {
  it("home holds the gallery's cards and links, its own tags, and stays small", async () => {
    const res = await t.request('GET', '/');
    expect(res.status).toBe(200);
    const markup = root(res.text);
    expect(markup).toContain('Croquettes &amp; &lt;chats&gt;');
    expect(markup).toContain(`href="/creatives/${approved}"`);
    expect(markup).not.toContain('Secret en attente');
    expect(head(res.text)).toContain('<title>Créathèque — bibliothèque de créatives publicitaires</title>');
    expect(head(res.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(head(res.text).match(/<title>/g)).toHaveLength(1);
    expect(head(res.text)).not.toContain('content="défaut"');
    expect(meta(res.text, 'og:type')).toBe('website');
    expect(gzipSync(res.text).length).toBeLessThanOrEqual(40 * 1024);
    // Its stylesheet is inlined: the page paints without waiting for another request.
    expect(head(res.text)).toContain(`<style>${STYLESHEET}</style>`);
    expect(head(res.text)).not.toContain('rel="stylesheet"');
    // Its entry script is asked for last, after the pictures of the page.
    expect(head(res.text)).not.toContain('/assets/index.js');
    expect(res.text).toMatch(/<script type="module" crossorigin src="\/assets\/index.js"><\/script><\/body>/);
    // No inline script: the Content-Security-Policy allows none.
    expect(res.text.match(/<script>/g)).toBeNull();
  });

  it('renders the search, filters and sort of the URL', async () => {
    const res = await t.request('GET', '/?q=croquettes&sort=likes');
    expect(root(res.text)).toContain(`href="/creatives/${approved}"`);
    expect(head(res.text)).toContain('<title>« croquettes » — Créathèque</title>');
    expect(head(res.text)).toContain(`href="${PUBLIC_URL}/?q=croquettes&amp;sort=likes"`);
    const none = await t.request('GET', '/?q=introuvablezzz');
    expect(root(none.text)).not.toContain(`href="/creatives/${approved}"`);
  });

  it("a creative's page shows the creative with its preview card; a pending one is a 404 that tells nothing", async () => {
    const res = await t.request('GET', `/creatives/${approved}`);
    expect(res.status).toBe(200);
    expect(root(res.text)).toContain('Miaou SA');
    expect(meta(res.text, 'og:type')).toBe('article');
    expect(meta(res.text, 'og:title')).toBe('Croquettes &amp; &lt;chats&gt; — Miaou SA · Créathèque');
    expect(meta(res.text, 'og:url')).toBe(`${PUBLIC_URL}/creatives/${approved}`);
    expect(meta(res.text, 'twitter:card')).toMatch(/^summary/);

    const hidden = await t.request('GET', `/creatives/${pending}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('Secret en attente');
    expect(hidden.text).not.toContain('Caché');
    expect(meta(hidden.text, 'robots')).toBe('noindex');
  });

  it("keeps a visitor's page in the shared cache and forgets it on the next write", async () => {
    await t.request('GET', '/');
    const hit = await t.request('GET', '/');
    expect(hit.headers.get('x-cache')).toBe('hit');
    const { cookie } = await t.loginAs('user');
    expect((await t.request('POST', `/api/creatives/${approved}/like`, { cookie })).status).toBe(200);
    const after = await t.request('GET', '/');
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.text).not.toBe(hit.text);
  });

  it('renders a page once for concurrent visitors', async () => {
    t.deps.caches.responseCache!.invalidate();
    const pages = await Promise.all(Array.from({ length: 6 }, () => t.request('GET', '/?sort=likes')));
    expect(pages.map((p) => p.headers.get('x-cache')).filter((x) => x === 'miss')).toHaveLength(1);
    expect(new Set(pages.map((p) => p.text)).size).toBe(1);
  });

  it('inlines the same answers as the same bytes, whichever answer came first', async () => {
    const { renderer } = await import('../src/entry-server');
    const address = { pathname: `/creatives/${approved}`, search: '' };
    /** The app's own answers, the one of `latePath` held back 300 ms. */
    const holdingBack = (latePath: string) => async (apiPath: string) => {
      if (apiPath === latePath) await new Promise((resolve) => setTimeout(resolve, 300));
      const res = await t.request('GET', apiPath);
      return new Response(res.text, { status: res.status, headers: { 'content-type': 'application/json' } });
    };
    const creativeLate = holdingBack(`/api/creatives/${approved}`);
    const commentsLate = holdingBack(`/api/creatives/${approved}/comments`);
    const keys = (answers: Map<string, unknown>) => [...answers.keys()];
    const first = keys(await renderer.firstView(address, creativeLate));
    expect(first).toHaveLength(3);
    expect(keys(await renderer.firstView(address, commentsLate))).toEqual(first);
    const [a, b] = [await renderer.renderPage(address, creativeLate), await renderer.renderPage(address, commentsLate)];
    expect(keys(b.answers)).toEqual(keys(a.answers));
    expect(b.html).toBe(a.html);
  });

  it('renders a signed-in page in the browser, from its inlined answers', async () => {
    const { cookie } = await t.loginAs('user');
    const res = await t.request('GET', '/', { cookie });
    expect(res.text).toContain('<div id="root"></div>');
    expect(head(res.text)).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(res.text.slice(0, res.text.indexOf('</head>'))).toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(res.headers.get('x-cache')).toBeNull();
  });

  it("a share link's page is rendered for its visitor, never cached, with a generic card", async () => {
    const { cookie } = await t.loginAs('user');
    const folder = (await t.request<Folder>('POST', '/api/folders', { cookie, body: { name: 'Dossier très confidentiel' } })).body;
    expect((await t.request('PUT', `/api/folders/${folder.id}/creatives/${approved}`, { cookie })).status).toBe(200);
    const open = (await t.request<FolderShare>('POST', `/api/folders/${folder.id}/shares`, { cookie, body: {} })).body;
    const locked = (await t.request<FolderShare>('POST', `/api/folders/${folder.id}/shares`, { cookie, body: { password: 'sesame12' } }))
      .body;

    const page = await t.request('GET', `/partage/${open.token}`);
    expect(root(page.text)).toContain('Dossier très confidentiel');
    expect(page.headers.get('x-cache')).toBeNull();
    expect(head(page.text)).not.toContain('confidentiel');
    expect(head(page.text)).not.toContain('Croquettes');
    expect(head(page.text)).not.toContain('og:image');
    expect(meta(page.text, 'robots')).toBe('noindex');
    // Its view is its visitor's, counted once a day: the same browser again adds none, another one does.
    await t.request('GET', `/partage/${open.token}`);
    await t.request('GET', `/partage/${open.token}`, { headers: { 'user-agent': 'Un autre navigateur' } });
    const links = (await t.request<FolderShare[]>('GET', `/api/folders/${folder.id}/shares`, { cookie })).body;
    expect(links.find((link) => link.id === open.id)?.views).toBe(2);

    const prompt = await t.request('GET', `/partage/${locked.token}`);
    expect(root(prompt.text)).toContain('type="password"');
    expect(prompt.text).not.toContain('Dossier très confidentiel');
  });
});
