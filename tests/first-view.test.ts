import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';
import type { Creative, Highlights, Page } from '@domain/types';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The HTML of a page carries the API answers of its first render (server/http/delivery/first-view.ts):
 * the same bytes the API gives that visitor (session, likes, the analysis), never an error
 * answer, escaped so that no text can close the script, and a private page.
 */

let t: TestApp;
let distDir: string;
let approved: string;
let pending: string;
/** Closes the script if not escaped, and holds String.replace's patterns ($&, $', $`). */
const HOSTILE = "</script><script>alert(1)</script><!-- $& $' $`";

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'creatheque-dist-'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Créathèque</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ distDir });
  approved = (await insertCreative(t.db, { name: HOSTILE, advertiser: 'Annonceur', image: 'https://cdn.example.fr/creme.png' })).id;
  pending = (await insertCreative(t.db, { name: 'En attente', status: 'pending' })).id;
});

afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

/** The answers inlined in the page, by URL. */
function inlined(html: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  expect(match, 'the page carries its first view').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

async function api(url: string, cookie?: string) {
  const res = await t.request('GET', url, { cookie });
  expect(res.status, url).toBe(200);
  return res.body;
}

describe('first view in the HTML', () => {
  it('home carries the session, the highlights and the gallery as the API answers them, and preloads the largest image', async () => {
    const res = await t.request('GET', '/');
    expect(res.status).toBe(200);
    const answers = inlined(res.text);
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/session', '/api/creatives', '/api/creatives/highlights']);
    expect(answers['/api/auth/session']).toEqual({ user: null });
    expect(answers['/api/creatives']).toEqual(await api('/api/creatives'));
    expect(answers['/api/creatives/highlights']).toEqual(await api('/api/creatives/highlights'));
    expect((answers['/api/creatives'] as Page<Creative>).items.map((c) => c.id)).toContain(approved);
    const month = (answers['/api/creatives/highlights'] as Highlights).creativeOfMonth;
    const image = month?.thumbUrl ?? month?.posterUrl;
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    if (image) expect(head).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high">`);
    else expect(head).not.toContain('rel="preload"');
  });

  it('cannot be broken out of by a text: < is escaped inside the JSON', async () => {
    const res = await t.request('GET', '/');
    const script = res.text.slice(res.text.indexOf(`id="${FIRST_VIEW_ELEMENT_ID}"`));
    const body = script.slice(script.indexOf('>') + 1, script.indexOf('</script>'));
    expect(body).not.toContain('<');
    expect(body).toContain('\\u003c/script>');
    expect(res.text.match(/<script/g)).toHaveLength(1);
  });

  it("carries a signed-in member's own answers: session, likes and the analysis", async () => {
    const { user, cookie } = await t.loginAs('user');
    expect((await t.request('POST', `/api/creatives/${approved}/like`, { cookie })).status).toBe(200);
    const res = await t.request('GET', '/', { cookie });
    const answers = inlined(res.text);
    expect((answers['/api/auth/session'] as { user: { id: string } }).user.id).toBe(user.id);
    const card = (answers['/api/creatives'] as Page<Creative>).items.find((c) => c.id === approved)!;
    expect(card.likedByMe).toBe(true);
    expect(card.analysis).not.toBeNull();
    expect(answers['/api/creatives']).toEqual(await api('/api/creatives', cookie));
    // The liked creative is now the creative of the month: its picture is preloaded.
    const month = (answers['/api/creatives/highlights'] as Highlights).creativeOfMonth!;
    expect(month.id).toBe(approved);
    expect(res.text).toContain(`<link rel="preload" as="image" href="${month.thumbUrl ?? month.posterUrl}" fetchpriority="high">`);
    // A visitor's page, asked right after, shows none of it.
    const visitor = inlined((await t.request('GET', '/')).text);
    expect((visitor['/api/creatives'] as Page<Creative>).items.find((c) => c.id === approved)!.likedByMe).toBe(false);
  });

  it("a creative's page carries the creative and its first comments; a refusal only in the page it was rendered in", async () => {
    const answers = inlined((await t.request('GET', `/creatives/${approved}`)).text);
    expect(answers[`/api/creatives/${approved}`]).toEqual(await api(`/api/creatives/${approved}`));
    expect(answers[`/api/creatives/${approved}/comments`]).toEqual(await api(`/api/creatives/${approved}/comments`));

    // A visitor's page is rendered on the server: it shows the refusal, and carries it with its status.
    const visitor = await t.request('GET', `/creatives/${pending}`);
    expect(visitor.status).toBe(404);
    expect(inlined(visitor.text)['#status']).toEqual({ [`/api/creatives/${pending}`]: 404, [`/api/creatives/${pending}/comments`]: 404 });
    // A member's page is rendered in the browser, which asks again and shows the API's error.
    const { cookie } = await t.loginAs('user');
    const refused = inlined((await t.request('GET', `/creatives/${pending}`, { cookie })).text);
    expect(Object.keys(refused)).toEqual(['/api/auth/session']);
  });

  it('is a private page, revalidated: 304 when nothing changed, new answers after a write', async () => {
    const first = await t.request('GET', '/', { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag')!;
    expect((await t.request('GET', '/', { headers: { 'if-none-match': etag } })).status).toBe(304);

    await insertCreative(t.db, { name: 'Nouvelle créa' });
    t.deps.caches.responseCache?.invalidate();
    const after = await t.request('GET', '/', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((inlined(after.text)['/api/creatives'] as Page<Creative>).items.map((c) => c.name)).toContain('Nouvelle créa');
  });

  it('a malformed creative address still gets its page', async () => {
    const res = await t.request('GET', '/creatives/%E0%A4%A');
    expect([200, 404]).toContain(res.status);
    expect(inlined(res.text)['/api/auth/session']).toEqual({ user: null });
  });

  it('a search carries its own gallery; other pages carry the session only', async () => {
    expect(Object.keys(inlined((await t.request('GET', '/favoris')).text))).toEqual(['/api/auth/session']);
    expect(Object.keys(inlined((await t.request('GET', '/?q=bio')).text)).sort()).toEqual([
      '/api/auth/session',
      '/api/creatives/highlights',
      '/api/creatives?q=bio',
    ]);
  });
});
