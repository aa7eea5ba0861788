import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics, Comment, Creative, Highlights, Page } from '@domain/types';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp, type TestResponse } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * The shared cache of anonymous creative reads (server/cache/response-cache.ts) and conditional
 * GETs (server/http/delivery/conditional-get.ts): hits, no leak of signed-in answers, and for each write
 * that changes a public view, the next visitor's request shows it.
 */

let t: TestApp;
let admin: { id: string; cookie: string };
let userA: string;
let userB: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.loginAs('admin', { firstName: 'Ada', lastName: 'Admin' });
  admin = { id: a.user.id, cookie: a.cookie };
  userA = (await t.loginAs('user', { firstName: 'Alice', lastName: 'Aimé' })).cookie;
  userB = (await t.loginAs('user')).cookie;
});

afterAll(() => t.close());

const xCache = (res: TestResponse) => res.headers.get('x-cache');

/** A visitor's GET (no cookie). */
function anon<T>(path: string, headers?: Record<string, string>) {
  return t.request<T>('GET', path, { headers });
}

async function ok<T>(method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  const res = await t.request<T>(method, path, options);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

async function galleryNames(query = '') {
  const res = await anon<Page<Creative>>(`/api/creatives${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((c) => c.name);
}

/** A visitor's view of a creative's comments (a page of them, or the whole list). */
async function commentsOf(path: string): Promise<Comment[]> {
  const res = await anon<Page<Comment> | Comment[]>(path);
  expect(res.status, res.text).toBe(200);
  return Array.isArray(res.body) ? res.body : res.body.items;
}

/** Warms the cache for a path and checks the following read is a hit. */
async function warm(path: string) {
  await anon(path);
  const again = await anon(path);
  expect(xCache(again), path).toBe('hit');
}

describe('shared cache of anonymous reads', () => {
  it('serves the second identical visitor request from the cache, with the same bytes and ETag', async () => {
    await insertCreative(t.db, { name: 'Cache Un' });
    t.deps.caches.responseCache!.invalidate(); // a row written behind the API's back
    for (const path of ['/api/creatives?q=cache&sort=likes', '/api/creatives/highlights']) {
      const first = await anon(path);
      const second = await anon(path);
      expect(first.status).toBe(200);
      expect(xCache(first)).toBe('miss');
      expect(xCache(second)).toBe('hit');
      expect(second.text).toBe(first.text);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(second.headers.get('content-type')).toContain('application/json');
    }
    // The same parameters in another order, or encoded differently, share the entry.
    expect(xCache(await anon('/api/creatives?sort=likes&q=cache'))).toBe('hit');
    expect(xCache(await anon('/api/creatives?sort=likes&q=%63ache'))).toBe('hit');
    expect(xCache(await anon('/api/creatives?sort=recent&q=cache'))).toBe('miss');
  });

  it('caches a creative and its comments, but not errors', async () => {
    const { id } = await insertCreative(t.db, { name: 'Cache Détail' });
    await warm(`/api/creatives/${id}`);
    await warm(`/api/creatives/${id}/comments`);
    const missing = await anon('/api/creatives/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(xCache(await anon('/api/creatives/00000000-0000-0000-0000-000000000000'))).toBe('miss');
    expect((await anon('/api/creatives?sort=random')).status).toBe(400);
    expect(xCache(await anon('/api/creatives?sort=random'))).toBe('miss');
  });

  it('answers concurrent visitors of one view with a single query', async () => {
    t.deps.caches.responseCache!.invalidate();
    const answers = await Promise.all(Array.from({ length: 8 }, () => anon('/api/creatives?q=cache')));
    expect(answers.map(xCache).filter((x) => x === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it('never shares a signed-in answer: likedByMe and the analysis stay with their viewer', async () => {
    const { id } = await insertCreative(t.db, { name: 'Cache Privé', attention: 'Analyse réservée' });
    t.deps.caches.responseCache!.invalidate();
    const path = `/api/creatives/${id}`;
    await warm(path);
    await warm('/api/creatives?q=cache+prive');

    await ok('POST', `${path}/like`, { cookie: userA });
    const asA = await t.request<Creative>('GET', path, { cookie: userA });
    expect(xCache(asA)).toBe('bypass');
    expect(asA.body).toMatchObject({ likes: 1, likedByMe: true });
    const asB = await t.request<Creative>('GET', path, { cookie: userB });
    expect(asB.body).toMatchObject({ likes: 1, likedByMe: false });
    expect(asB.headers.get('etag')).not.toBe(asA.headers.get('etag'));

    // The visitor sees the new count, never A's like; then it is cached, and still not A's.
    for (let i = 0; i < 2; i++) {
      const visitor = await anon<Creative>(path);
      expect(visitor.body).toMatchObject({ likes: 1, likedByMe: false, analysis: null });
      const page = await anon<Page<Creative>>('/api/creatives?q=cache+prive');
      expect(page.body.items[0]).toMatchObject({ name: 'Cache Privé', likes: 1, likedByMe: false });
    }
    expect(xCache(await anon(path))).toBe('hit');
    const againA = await t.request<Page<Creative>>('GET', '/api/creatives?q=cache+prive', { cookie: userA });
    expect(xCache(againA)).toMatch(/^member-/);
    expect(againA.body.items[0]).toMatchObject({ likedByMe: true });
    const staff = await t.request<Creative>('GET', path, { cookie: admin.cookie });
    expect(staff.body.analysis).not.toBeNull();
  });

  it('shares the gallery page between members, each with their own likes and the analysis', async () => {
    const liked = await insertCreative(t.db, { name: 'Membres Un', attention: 'Analyse des membres' });
    const other = await insertCreative(t.db, { name: 'Membres Deux' });
    t.deps.caches.responseCache!.invalidate();
    const path = '/api/creatives?q=membres';
    await ok('POST', `/api/creatives/${liked.id}/like`, { cookie: userA });

    const asA = await t.request<Page<Creative>>('GET', path, { cookie: userA });
    expect(xCache(asA)).toBe('member-miss');
    const asB = await t.request<Page<Creative>>('GET', path, { cookie: userB });
    expect(xCache(asB)).toBe('member-hit');
    const byName = (page: Page<Creative>) => Object.fromEntries(page.items.map((c) => [c.name, c]));
    expect(byName(asA.body)['Membres Un']).toMatchObject({ likes: 1, likedByMe: true });
    expect(byName(asA.body)['Membres Deux']).toMatchObject({ likedByMe: false });
    expect(byName(asB.body)['Membres Un']).toMatchObject({ likes: 1, likedByMe: false });
    expect(byName(asB.body)['Membres Un']!.analysis).toMatchObject({ attention: 'Analyse des membres' });

    // The members' entry never reaches a visitor: no analysis, no likedByMe.
    const visitor = await anon<Page<Creative>>(path);
    expect(xCache(visitor)).toBe('miss');
    expect(byName(visitor.body)['Membres Un']).toMatchObject({ likedByMe: false, analysis: null });

    // B likes the other one: the next reads of both show it, each with their own likes.
    await ok('POST', `/api/creatives/${other.id}/like`, { cookie: userB });
    const afterB = await t.request<Page<Creative>>('GET', path, { cookie: userB });
    expect(xCache(afterB)).toBe('member-miss');
    expect(byName(afterB.body)['Membres Deux']).toMatchObject({ likes: 1, likedByMe: true });
    expect(byName(afterB.body)['Membres Un']).toMatchObject({ likedByMe: false });
    const afterA = await t.request<Page<Creative>>('GET', path, { cookie: userA });
    expect(xCache(afterA)).toBe('member-hit');
    expect(byName(afterA.body)['Membres Deux']).toMatchObject({ likes: 1, likedByMe: false });
    expect(byName(afterA.body)['Membres Un']).toMatchObject({ likedByMe: true });
  });

  it("answers members' concurrent first requests of one page with one query", async () => {
    await insertCreative(t.db, { name: 'Ensemble Un' });
    t.deps.caches.responseCache!.invalidate();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.request<Page<Creative>>('GET', '/api/creatives?q=ensemble', { cookie: i % 2 ? userA : userB })),
    );
    expect(answers.map(xCache).sort()).toEqual(['member-hit', 'member-hit', 'member-hit', 'member-hit', 'member-hit', 'member-miss']);
    expect(answers.every((a) => a.body.items[0]?.name === 'Ensemble Un')).toBe(true);
  });

  it('treats a request with an unknown session cookie as a visitor', async () => {
    await warm('/api/creatives/highlights');
    const res = await t.request('GET', '/api/creatives/highlights', { cookie: 'creatheque.session_token=forged.value' });
    expect(res.status).toBe(200);
    expect(xCache(res)).toBe('hit');
  });
});

describe('every write that changes a public view shows on the next visitor request', () => {
  it('like and unlike', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Like' });
    t.deps.caches.responseCache!.invalidate();
    await warm(`/api/creatives/${id}`);
    await warm('/api/creatives?q=inval+like');
    await ok('POST', `/api/creatives/${id}/like`, { cookie: userA });
    let detail = await anon<Creative>(`/api/creatives/${id}`);
    expect(xCache(detail)).toBe('miss');
    expect(detail.body.likes).toBe(1);
    expect((await anon<Page<Creative>>('/api/creatives?q=inval+like')).body.items[0]!.likes).toBe(1);
    await warm(`/api/creatives/${id}`);
    await ok('DELETE', `/api/creatives/${id}/like`, { cookie: userA });
    detail = await anon<Creative>(`/api/creatives/${id}`);
    expect(detail.body.likes).toBe(0);
  });

  it('a comment added, liked, deleted', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Commentaire' });
    t.deps.caches.responseCache!.invalidate();
    const comments = `/api/creatives/${id}/comments`;
    await warm(comments);
    await warm(`/api/creatives/${id}`);

    const added = await ok<Comment>('POST', comments, { cookie: userA, body: { text: 'Très réussi' } });
    let list = await commentsOf(comments);
    expect(list.map((c) => c.text)).toEqual(['Très réussi']);
    expect((await anon<Creative>(`/api/creatives/${id}`)).body.commentCount).toBe(1);

    await warm(comments);
    await ok('POST', `/api/comments/${added.id}/like`, { cookie: userB });
    list = await commentsOf(comments);
    expect(list[0]).toMatchObject({ likes: 1, likedByMe: false });

    await warm(comments);
    await warm(`/api/creatives/${id}`);
    await ok('DELETE', `/api/comments/${added.id}`, { cookie: admin.cookie });
    expect(await commentsOf(comments)).toEqual([]);
    expect((await anon<Creative>(`/api/creatives/${id}`)).body.commentCount).toBe(0);
  });

  it('a review decision: approve shows the creative, reject still invalidates', async () => {
    const pending = await insertCreative(t.db, { name: 'Inval Attente', status: 'pending' });
    const other = await insertCreative(t.db, { name: 'Inval Refus', status: 'pending' });
    t.deps.caches.responseCache!.invalidate();
    await warm('/api/creatives?q=inval+attente');
    expect(await galleryNames('?q=inval+attente')).toEqual([]);
    await ok('POST', `/api/creatives/${pending.id}/approve`, { cookie: admin.cookie });
    expect(await galleryNames('?q=inval+attente')).toEqual(['Inval Attente']);
    expect((await anon(`/api/creatives/${pending.id}`)).status).toBe(200);

    await warm('/api/creatives?q=inval+attente');
    await ok('POST', `/api/creatives/${other.id}/reject`, { cookie: admin.cookie, body: { reason: 'Hors charte' } });
    expect(xCache(await anon('/api/creatives?q=inval+attente'))).toBe('miss');
    expect((await anon(`/api/creatives/${other.id}`)).status).toBe(404);
  });

  it('an edit', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Avant' });
    t.deps.caches.responseCache!.invalidate();
    await warm(`/api/creatives/${id}`);
    await warm('/api/creatives?q=inval');
    await ok('PATCH', `/api/creatives/${id}`, { cookie: admin.cookie, body: creativeForm({ ...VALID_FORM, name: 'Inval Après' }) });
    expect((await anon<Creative>(`/api/creatives/${id}`)).body.name).toBe('Inval Après');
    const names = await galleryNames('?q=inval');
    expect(names).toContain('Inval Après');
    expect(names).not.toContain('Inval Avant');
  });

  it('a deletion', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Supprimée' });
    t.deps.caches.responseCache!.invalidate();
    await warm(`/api/creatives/${id}`);
    await warm('/api/creatives?q=inval+supprimee');
    await ok('DELETE', `/api/creatives/${id}`, { cookie: admin.cookie });
    expect((await anon(`/api/creatives/${id}`)).status).toBe(404);
    expect(await galleryNames('?q=inval+supprimee')).toEqual([]);
  });

  it('featuring one creative, which unfeatures the previous one', async () => {
    const first = await insertCreative(t.db, { name: 'Inval Vedette Un' });
    const second = await insertCreative(t.db, { name: 'Inval Vedette Deux' });
    t.deps.caches.responseCache!.invalidate();
    await ok('POST', `/api/creatives/${first.id}/feature`, { cookie: admin.cookie, body: { analyzedBy: 'Julien', rating: 4 } });
    expect((await anon<Highlights>('/api/creatives/highlights')).body.featured?.name).toBe('Inval Vedette Un');
    await warm('/api/creatives/highlights');
    await warm(`/api/creatives/${first.id}`);
    await ok('POST', `/api/creatives/${second.id}/feature`, { cookie: admin.cookie, body: { analyzedBy: 'Léa', rating: 5 } });
    expect((await anon<Highlights>('/api/creatives/highlights')).body.featured).toMatchObject({ name: 'Inval Vedette Deux', rating: 5 });
    expect((await anon<Creative>(`/api/creatives/${first.id}`)).body.isFeatured).toBe(false);
  });

  it('a staff submission (approved at once) and the admin form', async () => {
    t.deps.caches.responseCache!.invalidate();
    await warm('/api/creatives?q=inval+staff');
    await warm('/api/creatives');
    const form = creativeForm({ ...VALID_FORM, name: 'Inval Staff' }, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' });
    const created = await ok<Creative>('POST', '/api/creatives', { cookie: admin.cookie, body: form });
    expect(created.status).toBe('approved');
    expect(await galleryNames('?q=inval+staff')).toEqual(['Inval Staff']);
    expect((await galleryNames())[0]).toBe('Inval Staff');

    await warm('/api/creatives');
    await ok('POST', '/api/admin/creatives', {
      cookie: admin.cookie,
      body: {
        name: 'Inval Formulaire',
        advertiser: 'Marque',
        image: 'https://example.com/visuel.png',
        format: 'Statique',
        objective: 'TOFU',
        type: 'UGC',
        sector: 'Food',
        platform: 'Meta',
      },
    });
    expect((await galleryNames())[0]).toBe('Inval Formulaire');
  });

  it('a submitter renaming themselves', async () => {
    const agency = await t.loginAs('agency', { firstName: 'Agathe', lastName: 'Agence' });
    const { id } = await insertCreative(t.db, { name: 'Inval Nom', submittedBy: agency.user.id });
    t.deps.caches.responseCache!.invalidate();
    expect((await anon<Creative>(`/api/creatives/${id}`)).body.submitter).toEqual({ firstName: 'Agathe', lastName: 'Agence' });
    await warm(`/api/creatives/${id}`);
    await ok('PATCH', '/api/me', { cookie: agency.cookie, body: { firstName: 'Agathe', lastName: 'Studio' } });
    expect((await anon<Creative>(`/api/creatives/${id}`)).body.submitter).toEqual({ firstName: 'Agathe', lastName: 'Studio' });
  });

  it('a deleted user takes their comments with them', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Compte' });
    const gone = await t.loginAs('user');
    t.deps.caches.responseCache!.invalidate();
    await ok('POST', `/api/creatives/${id}/comments`, { cookie: gone.cookie, body: { text: 'Bientôt parti' } });
    await warm(`/api/creatives/${id}/comments`);
    await ok('DELETE', `/api/users/${gone.user.id}`, { cookie: admin.cookie });
    const list = await commentsOf(`/api/creatives/${id}/comments`);
    expect(list.every((c) => c.userId !== gone.user.id)).toBe(true);
    expect(xCache(await anon(`/api/creatives/${id}/comments`))).toBe('hit');
  });

  it('refused writes and a user’s own folders leave the cache alone', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Refusée' });
    t.deps.caches.responseCache!.invalidate();
    await warm(`/api/creatives/${id}`);
    expect((await t.request('POST', `/api/creatives/${id}/like`)).status).toBe(401);
    expect((await t.request('POST', `/api/creatives/${id}/comments`, { cookie: userA, body: { text: ' ' } })).status).toBe(400);
    await ok('POST', '/api/folders', { cookie: userA, body: { name: 'Mes idées' } });
    expect(xCache(await anon(`/api/creatives/${id}`))).toBe('hit');
  });
});

describe('analytics, shared by the staff once allowed', () => {
  const path = '/api/analytics?period=all';
  const analytics = async (cookie: string) => {
    const res = await t.request<Analytics>('GET', path, { cookie });
    expect(res.status, res.text).toBe(200);
    return { body: res.body, cache: xCache(res) };
  };

  it('serves every specialist and admin one answer, after the permission check', async () => {
    const specialist = (await t.loginAs('specialist')).cookie;
    t.deps.caches.responseCache!.invalidate();
    const first = await analytics(admin.cookie);
    expect(first.cache).toBe('miss');
    const second = await analytics(specialist);
    expect(second.cache).toBe('hit');
    expect(second.body).toEqual(first.body);
    // A warm entry changes nothing for those not allowed to read it.
    expect((await t.request('GET', path, { cookie: userA })).status).toBe(403);
    expect((await t.request('GET', path)).status).toBe(401);
  });

  it('shows a like, a sign-up and a review decision on the next request', async () => {
    const { id } = await insertCreative(t.db, { name: 'Inval Analyse' });
    const pending = await insertCreative(t.db, { name: 'Inval Analyse Attente', status: 'pending' });
    t.deps.caches.responseCache!.invalidate(); // the fixtures write behind the API's back
    const before = (await analytics(admin.cookie)).body.totals;
    expect((await analytics(admin.cookie)).cache).toBe('hit');

    await ok('POST', `/api/creatives/${id}/like`, { cookie: userB });
    expect((await analytics(admin.cookie)).body.totals.likes).toBe(before.likes + 1);

    await t.signUp();
    expect((await analytics(admin.cookie)).body.totals.users).toBe(before.users + 1);

    await ok('POST', `/api/creatives/${pending.id}/approve`, { cookie: admin.cookie });
    const after = (await analytics(admin.cookie)).body.totals;
    expect(after.pending).toBe(before.pending - 1);
    expect(after.approved).toBe(before.approved + 1);
  });
});

describe('the review queue and its counts, shared by the staff once allowed', () => {
  const queue = async (cookie: string) => {
    const res = await t.request<Page<Creative>>('GET', '/api/review/creatives?status=pending', { cookie });
    expect(res.status, res.text).toBe(200);
    return { names: res.body.items.map((c) => c.name), cache: xCache(res) };
  };
  const counts = async (cookie: string) => {
    const res = await t.request<{ pending: number; rejected: number }>('GET', '/api/review/counts', { cookie });
    expect(res.status, res.text).toBe(200);
    return { ...res.body, cache: xCache(res) };
  };

  it('serves the staff one page, shows a submission and a decision on the next request, refuses the others', async () => {
    const specialist = (await t.loginAs('specialist')).cookie;
    const agency = (await t.loginAs('agency')).cookie;
    t.deps.caches.responseCache!.invalidate();
    const before = await counts(admin.cookie);
    await queue(admin.cookie);
    expect((await queue(specialist)).cache).toBe('hit');
    expect((await counts(specialist)).cache).toBe('hit');
    expect((await t.request('GET', '/api/review/creatives?status=pending', { cookie: userA })).status).toBe(403);
    expect((await t.request('GET', '/api/review/counts', { cookie: agency })).status).toBe(403);

    const form = creativeForm({ ...VALID_FORM, name: 'Inval File Attente' }, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' });
    const submitted = await ok<Creative>('POST', '/api/creatives', { cookie: agency, body: form });
    expect(submitted.status).toBe('pending');
    expect((await queue(specialist)).names[0]).toBe('Inval File Attente');
    expect((await counts(specialist)).pending).toBe(before.pending + 1);

    await ok('POST', `/api/creatives/${submitted.id}/approve`, { cookie: admin.cookie });
    expect((await queue(specialist)).names).not.toContain('Inval File Attente');
    expect((await counts(specialist)).pending).toBe(before.pending);
  });
});

describe("a viewer's own views: favourites, folders, an admin's user list", () => {
  const favorites = async (cookie: string) => {
    const res = await t.request<Page<Creative>>('GET', '/api/favorites', { cookie });
    expect(res.status, res.text).toBe(200);
    return { names: res.body.items.map((c) => c.name), cache: xCache(res) };
  };
  const folders = async (cookie: string) => {
    const res = await t.request<{ id: string; name: string; count: number }[]>('GET', '/api/folders', { cookie });
    expect(res.status, res.text).toBe(200);
    return { list: res.body, cache: xCache(res) };
  };

  it('keeps each user their own favourites, and shows their like and unlike on the next request', async () => {
    const { id } = await insertCreative(t.db, { name: 'Privé Favori' });
    const carol = (await t.loginAs('user')).cookie;
    const dan = (await t.loginAs('user')).cookie;
    t.deps.caches.responseCache!.invalidate();
    expect((await favorites(carol)).cache).toBe('miss');
    expect((await favorites(carol)).cache).toBe('hit');
    await ok('POST', `/api/creatives/${id}/like`, { cookie: carol });
    const liked = await favorites(carol);
    expect(liked).toEqual({ names: ['Privé Favori'], cache: 'miss' });
    // Another user's request never gets Carol's entry.
    expect(await favorites(dan)).toEqual({ names: [], cache: 'miss' });
    expect((await favorites(carol)).cache).toBe('hit');
    await ok('DELETE', `/api/creatives/${id}/like`, { cookie: carol });
    expect((await favorites(carol)).names).toEqual([]);
    // A visitor never reads a member's entry: 401.
    expect((await t.request('GET', '/api/favorites')).status).toBe(401);
  });

  it("shows a folder change on its author's next request, and leaves everyone else's entries cached", async () => {
    const { id } = await insertCreative(t.db, { name: 'Privé Dossier' });
    const erin = (await t.loginAs('user')).cookie;
    const fred = (await t.loginAs('user')).cookie;
    t.deps.caches.responseCache!.invalidate();
    await folders(erin);
    await folders(fred);
    await warm(`/api/creatives/${id}`);
    expect((await folders(erin)).cache).toBe('hit');

    const folder = await ok<{ id: string }>('POST', '/api/folders', { cookie: erin, body: { name: 'Moodboard' } });
    const created = await folders(erin);
    expect(created.cache).toBe('miss');
    expect(created.list.map((f) => f.name)).toEqual(['Moodboard']);
    // Fred's list and the visitors' views were not emptied by Erin's folder.
    expect((await folders(fred)).cache).toBe('hit');
    expect(xCache(await anon(`/api/creatives/${id}`))).toBe('hit');

    const inFolder = async () => {
      const res = await t.request<Page<Creative>>('GET', `/api/folders/${folder.id}/creatives`, { cookie: erin });
      expect(res.status, res.text).toBe(200);
      return { names: res.body.items.map((c) => c.name), cache: xCache(res) };
    };
    expect(await inFolder()).toEqual({ names: [], cache: 'miss' });
    expect((await inFolder()).cache).toBe('hit');
    await ok('PUT', `/api/folders/${folder.id}/creatives/${id}`, { cookie: erin });
    expect((await inFolder()).names).toEqual(['Privé Dossier']);
    await ok('PATCH', `/api/folders/${folder.id}`, { cookie: erin, body: { name: 'Moodboard 2027' } });
    expect((await folders(erin)).list.map((f) => f.name)).toEqual(['Moodboard 2027']);
    // Fred cannot read Erin's folder, cached or not.
    expect((await t.request('GET', `/api/folders/${folder.id}/creatives`, { cookie: fred })).status).toBe(404);
    await ok('DELETE', `/api/folders/${folder.id}`, { cookie: erin });
    expect((await folders(erin)).list).toEqual([]);
  });

  it('a read that began before a folder write is never served after it', () => {
    const cache = t.deps.caches.responseCache!;
    const generation = cache.generation;
    const before = cache.viewerScope('u-race');
    cache.forgetViewer('u-race');
    cache.set(`${before}:/api/folders`, generation, new TextEncoder().encode('[]'), 'application/json');
    expect(cache.get(`${cache.viewerScope('u-race')}:/api/folders`, generation)).toBeUndefined();
  });

  it('serves every admin one user list, and shows a sign-up and a role change on the next request', async () => {
    const other = (await t.loginAs('admin')).cookie;
    const users = async (cookie: string, query: string) => {
      const res = await t.request<Page<{ id: string; email: string; role: string }>>('GET', `/api/users?q=${query}`, { cookie });
      expect(res.status, res.text).toBe(200);
      return { items: res.body.items, cache: xCache(res) };
    };
    t.deps.caches.responseCache!.invalidate();
    expect((await users(admin.cookie, 'zebrowski')).cache).toBe('miss');
    expect((await users(other, 'zebrowski')).cache).toBe('hit');
    expect((await t.request('GET', '/api/users?q=zebrowski', { cookie: userA })).status).toBe(403);
    const zoe = await t.signUp({ firstName: 'Zoé', lastName: 'Zebrowski' });
    const found = await users(other, 'zebrowski');
    expect(found.items.map((u) => u.email)).toEqual([zoe.email]);
    await ok('PATCH', `/api/users/${zoe.user.id}/role`, { cookie: admin.cookie, body: { role: 'agency' } });
    expect((await users(other, 'zebrowski')).items[0]!.role).toBe('agency');
  });
});

describe('conditional GETs', () => {
  it('answers 304 without a body to a matching If-None-Match, then 200 with a new ETag after a change', async () => {
    const { id } = await insertCreative(t.db, { name: 'Etag Un' });
    t.deps.caches.responseCache!.invalidate();
    const path = `/api/creatives/${id}`;
    const first = await anon(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toBe('Cookie');

    for (let i = 0; i < 2; i++) {
      // a miss then a hit: both answer 304
      if (i === 1) t.deps.caches.responseCache!.invalidate();
      const again = await anon(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
      expect(again.headers.get('vary')).toBe('Cookie');
    }
    expect((await anon(path, { 'if-none-match': `"autre", W/${etag}` })).status).toBe(304);
    expect((await anon(path, { 'if-none-match': '"autre"' })).status).toBe(200);

    await ok('POST', `${path}/like`, { cookie: userB });
    const changed = await anon<Creative>(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.likes).toBe(1);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('works for signed-in reads outside the shared cache too', async () => {
    const agency = (await t.loginAs('agency')).cookie;
    const path = '/api/agency/creatives?status=pending';
    const first = await t.request('GET', path, { cookie: agency });
    expect(first.status, first.text).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(xCache(first)).toBeNull();
    const again = await t.request('GET', path, { cookie: agency, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('keeps no-store on writes and on session answers', async () => {
    const me = await t.request('GET', '/api/me', { cookie: userA });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const session = await t.request('GET', '/api/auth/session', { cookie: userA });
    expect(session.headers.get('cache-control')).toBe('no-store');
    const write = await t.request('POST', '/api/folders', { cookie: userA, body: { name: 'Autre' } });
    expect(write.headers.get('cache-control')).toBe('no-store');
  });
});

describe('RESPONSE_CACHE=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { RESPONSE_CACHE: 'off' } });
  });
  afterAll(() => off.close());

  it('never serves from the shared cache, and still answers 304', async () => {
    expect(off.deps.caches.responseCache).toBeNull();
    await insertCreative(off.db, { name: 'Sans cache' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await off.request('GET', '/api/creatives'));
    expect(answers.every((a) => a.status === 200 && a.headers.get('x-cache') === null)).toBe(true);
    const etag = answers[0]!.headers.get('etag')!;
    expect((await off.request('GET', '/api/creatives', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await insertCreative(off.db, { name: 'Sans cache deux' });
    const page = await off.request<Page<Creative>>('GET', '/api/creatives');
    expect(page.body.items.map((c) => c.name)).toContain('Sans cache deux');
  });
});
