import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { COMMENTS_PAGE_SIZE, PAGE_SIZE } from '@domain/limits';
import type { Comment, Creative, Highlights, Page } from '@domain/types';
import { comments, creativeLikes, creatives } from '@server/db/schema';
import { rowsById } from '@server/services/creatives/creative-row';
import { LikeWriter } from '@server/services/creatives/like-writer';
import { insertCreative, insertUsers, sessionCookieFor, storeTestImage } from './helpers/fixtures';
import { expectTamperedCursorsRefused, followPages, newestFirst } from './helpers/paging';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';

let t: TestApp;
let userCookie: string;
let adminCookie: string;
let agency: { id: string; cookie: string };
let otherAgencyCookie: string;
let specialistCookie: string;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  userCookie = (await t.loginAs('user')).cookie;
  adminCookie = (await t.loginAs('admin')).cookie;
  specialistCookie = (await t.loginAs('specialist')).cookie;
  const a = await t.loginAs('agency');
  agency = { id: a.user.id, cookie: a.cookie };
  otherAgencyCookie = (await t.loginAs('agency')).cookie;
});

afterAll(() => t.close());

async function list(query: string, cookie?: string) {
  const res = await t.request<Page<Creative>>('GET', `/api/creatives${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('gallery listing', () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      await insertCreative(t.db, { name: `Liste ${String(i).padStart(2, '0')}`, createdAt: ago(40 + i), likes: i % 7 });
    }
    await insertCreative(t.db, { name: 'Liste en attente', status: 'pending', createdAt: ago(1) });
    await insertCreative(t.db, { name: 'Liste refusée', status: 'rejected', createdAt: ago(1) });
  });

  it('pages through approved creatives, newest first, 12 at a time, without gaps or repeats', async () => {
    const seen: Creative[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<Creative> = await list(`?q=liste${cursor ? `&cursor=${cursor}` : ''}`, userCookie);
      expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((c) => c.id)).size).toBe(30);
    expect(seen.every((c) => c.status === 'approved')).toBe(true);
    const dates = seen.map((c) => Date.parse(c.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('sorts by likes, ties by date, across pages', async () => {
    const first = await list('?q=liste&sort=likes');
    const second = await list(`?q=liste&sort=likes&cursor=${first.nextCursor}`);
    const all = [...first.items, ...second.items];
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.likes > b.likes || (a.likes === b.likes && a.createdAt >= b.createdAt)).toBe(true);
    }
  });

  it('refuses a tampered cursor and unknown filter values', async () => {
    expect((await t.request('GET', '/api/creatives?cursor=abc')).status).toBe(400);
    expect((await t.request('GET', '/api/creatives?format=Inconnu')).status).toBe(400);
    expect((await t.request('GET', '/api/creatives?sort=random')).status).toBe(400);
  });
});

describe('filters and search', () => {
  beforeAll(async () => {
    await insertCreative(t.db, { name: 'Filtre A', formats: ['Vidéo'], sectors: ['Mode'], isJuntoAngel: true });
    await insertCreative(t.db, { name: 'Filtre B', formats: ['GIF'], sectors: ['Mode'], testedAndApproved: true });
    await insertCreative(t.db, { name: 'Filtre C', formats: ['Vidéo', 'Motion'], sectors: ['Santé'] });
    await insertCreative(t.db, { name: 'Crème Été', advertiser: 'Maison Élise' });
  });

  const names = (page: Page<Creative>) => page.items.map((c) => c.name).sort();

  it('matches any value within a group', async () => {
    expect(names(await list('?q=filtre&format=Vidéo&format=GIF'))).toEqual(['Filtre A', 'Filtre B', 'Filtre C']);
  });

  it('requires every group and flag', async () => {
    expect(names(await list('?q=filtre&format=Vidéo&sector=Mode'))).toEqual(['Filtre A']);
    expect(names(await list('?q=filtre&junto=1'))).toEqual(['Filtre A']);
    expect(names(await list('?q=filtre&tested=1&sector=Mode'))).toEqual(['Filtre B']);
    expect(names(await list('?q=filtre&tested=1&junto=1'))).toEqual([]);
  });

  it('searches name or advertiser, ignoring case and accents', async () => {
    expect(names(await list('?q=CREME%20ete'))).toEqual(['Crème Été']);
    expect(names(await list('?q=elise'))).toEqual(['Crème Été']);
    expect(names(await list('?q=100%25'))).toEqual([]);
  });

  it('returns categories as comma-joined strings', async () => {
    const [c] = (await list('?q=filtre%20c')).items;
    expect(c?.format).toBe('Vidéo, Motion');
  });
});

describe('creative detail', () => {
  let approved: string;
  let pending: string;

  beforeAll(async () => {
    approved = (await insertCreative(t.db, { name: 'Détail', attention: 'Message clair', bestPractices: ['Hook fort'] })).id;
    pending = (await insertCreative(t.db, { name: 'Détail attente', status: 'pending', submittedBy: agency.id })).id;
  });

  it('hides the analysis from visitors only', async () => {
    const anon = await t.request<Creative>('GET', `/api/creatives/${approved}`);
    expect(anon.status).toBe(200);
    expect(anon.body.analysis).toBeNull();
    const signed = await t.request<Creative>('GET', `/api/creatives/${approved}`, { cookie: userCookie });
    expect(signed.body.analysis).toMatchObject({ attention: 'Message clair', bestPractices: ['Hook fort'] });
  });

  it("answers 'Créative non trouvée' for unknown and non-approved ones, except staff and the submitting agency", async () => {
    const unknown = await t.request<ApiError>('GET', '/api/creatives/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MSG.creativeNotFound);
    expect((await t.request('GET', `/api/creatives/${pending}`)).status).toBe(404);
    expect((await t.request('GET', `/api/creatives/${pending}`, { cookie: userCookie })).status).toBe(404);
    expect((await t.request('GET', `/api/creatives/${pending}`, { cookie: otherAgencyCookie })).status).toBe(404);
    expect((await t.request('GET', `/api/creatives/${pending}`, { cookie: agency.cookie })).status).toBe(200);
    expect((await t.request('GET', `/api/creatives/${pending}`, { cookie: specialistCookie })).status).toBe(200);
  });
});

describe('likes', () => {
  it('refuses visitors with 401 and toggles idempotently', async () => {
    const { id } = await insertCreative(t.db, { name: 'Like simple' });
    expect((await t.request('POST', `/api/creatives/${id}/like`)).status).toBe(401);
    const one = await t.request('POST', `/api/creatives/${id}/like`, { cookie: userCookie });
    expect(one.body).toEqual({ likes: 1, liked: true });
    const again = await t.request('POST', `/api/creatives/${id}/like`, { cookie: userCookie });
    expect(again.body).toEqual({ likes: 1, liked: true });
    const off = await t.request('DELETE', `/api/creatives/${id}/like`, { cookie: userCookie });
    expect(off.body).toEqual({ likes: 0, liked: false });
    const offAgain = await t.request('DELETE', `/api/creatives/${id}/like`, { cookie: userCookie });
    expect(offAgain.body).toEqual({ likes: 0, liked: false });
  });

  it('cannot like a pending creative', async () => {
    const { id } = await insertCreative(t.db, { status: 'pending' });
    expect((await t.request('POST', `/api/creatives/${id}/like`, { cookie: userCookie })).status).toBe(404);
  });

  it('keeps the exact count under 200 concurrent likes by different users', async () => {
    const { id } = await insertCreative(t.db, { name: 'Concurrence' });
    const users = await insertUsers(t.db, 200);
    const cookies = await Promise.all(users.map((u) => sessionCookieFor(t.deps, u.id)));
    const results = await Promise.all(cookies.map((cookie) => t.request('POST', `/api/creatives/${id}/like`, { cookie })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await t.db.select({ likes: creatives.likes }).from(creatives).where(eq(creatives.id, id));
    const [{ count }] = (await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(creativeLikes)
      .where(eq(creativeLikes.creativeId, id))) as [{ count: number }];
    expect(row!.likes).toBe(200);
    expect(count).toBe(200);
    // Half of them unlike while the others like again, all at once.
    await Promise.all(cookies.map((cookie, i) => t.request(i % 2 ? 'DELETE' : 'POST', `/api/creatives/${id}/like`, { cookie })));
    const [after] = await t.db.select({ likes: creatives.likes }).from(creatives).where(eq(creatives.id, id));
    expect(after!.likes).toBe(100);
  });
});

describe('pages read together (their rows in one statement)', () => {
  it('gives each viewer of a batch their own likes, and leaves out a creative that is not approved', async () => {
    const liker = await t.loginAs('user');
    const other = await t.loginAs('user');
    const [a, b] = [await insertCreative(t.db, { name: 'Lot A' }), await insertCreative(t.db, { name: 'Lot B' })];
    const pending = await insertCreative(t.db, { name: 'Lot en attente', status: 'pending' });
    await t.db.insert(creativeLikes).values({ creativeId: a.id, userId: liker.user.id });
    const ids = [a.id, b.id, pending.id];
    // Asked in the same turn of the event loop: one batch.
    const [visitor, likerRows, otherRows] = await Promise.all([
      rowsById(t.db, null, ids),
      rowsById(t.db, liker.user.id, ids),
      rowsById(t.db, other.user.id, [b.id, a.id]),
    ]);
    const likes = (rows: Map<string, { likedByMe: unknown }>) => [...rows].map(([id, r]) => [id, Boolean(r.likedByMe)]);
    expect(likes(visitor)).toEqual([
      [a.id, false],
      [b.id, false],
    ]);
    expect(likes(likerRows)).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(likes(otherRows)).toEqual([
      [b.id, false],
      [a.id, false],
    ]);
  });
});

describe('likes arriving together (written in batches)', () => {
  const likesOf = async (id: string) => {
    const [row] = await t.db.select({ likes: creatives.likes }).from(creatives).where(eq(creatives.id, id));
    const [{ count }] = (await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(creativeLikes)
      .where(eq(creativeLikes.creativeId, id))) as [{ count: number }];
    return { counter: row!.likes, rows: count };
  };

  it('answers each like of a mixed batch on its own: 404 for a pending creative, the right count for the others', async () => {
    const a = await insertCreative(t.db, { name: 'Lot A' });
    const b = await insertCreative(t.db, { name: 'Lot B' });
    const pending = await insertCreative(t.db, { status: 'pending' });
    const users = await insertUsers(t.db, 30);
    const cookies = await Promise.all(users.map((u) => sessionCookieFor(t.deps, u.id)));
    const targets = cookies.map((_, i) => [a.id, b.id, pending.id][i % 3]!);
    const results = await Promise.all(
      cookies.map((cookie, i) => t.request<{ likes: number }>('POST', `/api/creatives/${targets[i]}/like`, { cookie })),
    );
    results.forEach((res, i) => expect(res.status).toBe(targets[i] === pending.id ? 404 : 200));
    expect(await likesOf(a.id)).toEqual({ counter: 10, rows: 10 });
    expect(await likesOf(b.id)).toEqual({ counter: 10, rows: 10 });
    expect(await likesOf(pending.id)).toEqual({ counter: 0, rows: 0 });
    // Every answer's count is one the creative really had: between 1 and its final 10.
    for (const res of results.filter((r) => r.status === 200)) expect(res.body.likes).toBeGreaterThanOrEqual(1);
  });

  it("applies one user's like then unlike, sent at once, in that order", async () => {
    const { id } = await insertCreative(t.db, { name: 'Lot ordre' });
    const [user] = await insertUsers(t.db, 1);
    const cookie = await sessionCookieFor(t.deps, user!.id);
    const [on, off] = await Promise.all([
      t.request('POST', `/api/creatives/${id}/like`, { cookie }),
      t.request('DELETE', `/api/creatives/${id}/like`, { cookie }),
    ]);
    expect(on.body).toEqual({ likes: 1, liked: true });
    expect(off.body).toEqual({ likes: 0, liked: false });
    expect(await likesOf(id)).toEqual({ counter: 0, rows: 0 });
  });

  it('keeps exact counts when two writers (two server instances) batch likes on the same creatives', async () => {
    const a = await insertCreative(t.db, { name: 'Deux A' });
    const b = await insertCreative(t.db, { name: 'Deux B' });
    const users = await insertUsers(t.db, 80);
    const writers = [t.deps.likes, new LikeWriter(t.db)];
    await Promise.all(
      users.flatMap((u, i) => {
        const writer = writers[i % 2]!;
        // Opposite orders on the two writers, so their batches lock the two rows in either order.
        const order = i % 2 ? [a.id, b.id] : [b.id, a.id];
        return order.map((id) => writer.set(u.id, id, true));
      }),
    );
    expect(await likesOf(a.id)).toEqual({ counter: 80, rows: 80 });
    expect(await likesOf(b.id)).toEqual({ counter: 80, rows: 80 });
    await Promise.all(users.map((u, i) => writers[i % 2]!.set(u.id, a.id, i % 4 === 0)));
    expect(await likesOf(a.id)).toEqual({ counter: 20, rows: 20 });
  });
});

describe('favourites', () => {
  it('lists only the approved creatives the user liked, most recent like first, with search', async () => {
    const { cookie } = await t.loginAs('user');
    const a = await insertCreative(t.db, { name: 'Favori Alpha' });
    const b = await insertCreative(t.db, { name: 'Favori Beta' });
    await t.request('POST', `/api/creatives/${a.id}/like`, { cookie });
    await t.request('POST', `/api/creatives/${b.id}/like`, { cookie });
    expect((await t.request('GET', '/api/favorites')).status).toBe(401);
    let page = (await t.request<Page<Creative>>('GET', '/api/favorites', { cookie })).body;
    expect(page.items.map((c) => c.name)).toEqual(['Favori Beta', 'Favori Alpha']);
    expect(page.items.every((c) => c.likedByMe)).toBe(true);
    await t.db.update(creatives).set({ status: 'rejected' }).where(eq(creatives.id, b.id));
    t.deps.caches.responseCache?.invalidate(); // a write behind the API's back, as every API write does
    page = (await t.request<Page<Creative>>('GET', '/api/favorites', { cookie })).body;
    expect(page.items.map((c) => c.name)).toEqual(['Favori Alpha']);
    page = (await t.request<Page<Creative>>('GET', '/api/favorites?q=beta', { cookie })).body;
    expect(page.items).toEqual([]);
  });
});

describe('highlights', () => {
  it('shows the most liked approved creative of this month and the featured one', async () => {
    const fresh = await createTestApp();
    try {
      const now = new Date();
      await insertCreative(fresh.db, { name: 'Ancienne star', likes: 99, createdAt: ago(70) });
      await insertCreative(fresh.db, { name: 'Pas validée', likes: 50, status: 'pending', createdAt: now });
      await insertCreative(fresh.db, { name: 'Featured', isFeatured: true, featuredAt: now, analyzedBy: 'Julien', rating: 4 });
      let res = await fresh.request<Highlights>('GET', '/api/creatives/highlights');
      expect(res.body.creativeOfMonth).toBeNull();
      expect(res.body.featured).toMatchObject({ name: 'Featured', analyzedBy: 'Julien', rating: 4 });
      await insertCreative(fresh.db, { name: 'Égalité ancienne', likes: 3, createdAt: new Date(now.getTime() - 1000) });
      await insertCreative(fresh.db, { name: 'Égalité récente', likes: 3, createdAt: now });
      fresh.deps.caches.responseCache?.invalidate(); // rows written behind the API's back
      res = await fresh.request('GET', '/api/creatives/highlights');
      expect(res.body.creativeOfMonth?.name).toBe('Égalité récente');
    } finally {
      await fresh.close();
    }
  });
});

describe('comments', () => {
  it('adds, lists newest first, likes, and lets only admins delete', async () => {
    const { id } = await insertCreative(t.db, { name: 'Commentée' });
    expect((await t.request('POST', `/api/creatives/${id}/comments`, { body: { text: 'Salut' } })).status).toBe(401);
    const empty = await t.request<ApiError>('POST', `/api/creatives/${id}/comments`, { cookie: userCookie, body: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.text).toBe(MSG.commentRequired);
    const first = await t.request<Comment>('POST', `/api/creatives/${id}/comments`, { cookie: userCookie, body: { text: ' Premier ' } });
    expect(first.status).toBe(201);
    expect(first.body.text).toBe('Premier');
    await t.request('POST', `/api/creatives/${id}/comments`, { cookie: userCookie, body: { text: 'Second' } });
    const listed = await t.request<Page<Comment>>('GET', `/api/creatives/${id}/comments`);
    expect(listed.body.items.map((c) => c.text)).toEqual(['Second', 'Premier']);
    expect(listed.body.nextCursor).toBeNull();
    const liked = await t.request('POST', `/api/comments/${first.body.id}/like`, { cookie: adminCookie });
    expect(liked.body).toEqual({ likes: 1, liked: true });
    expect((await t.request('DELETE', `/api/comments/${first.body.id}`, { cookie: userCookie })).status).toBe(403);
    expect((await t.request('DELETE', `/api/comments/${first.body.id}`, { cookie: specialistCookie })).status).toBe(403);
    expect((await t.request('DELETE', `/api/comments/${first.body.id}`, { cookie: adminCookie })).status).toBe(200);
    const detail = await t.request<Creative>('GET', `/api/creatives/${id}`);
    expect(detail.body.commentCount).toBe(1);
  });
});

describe('comments paging', () => {
  it("pages a creative's comments to the end, newest first, each once, with the viewer's likes", async () => {
    const { id } = await insertCreative(t.db, { name: 'Très commentée' });
    const other = await insertCreative(t.db, { name: 'Autre commentée' });
    const [author] = await insertUsers(t.db, 1);
    const base = Date.now() - 3_600_000;
    const rows = Array.from({ length: COMMENTS_PAGE_SIZE + 5 }, (_, i) => ({
      id: `${id.slice(0, 8)}k${String(i).padStart(3, '0')}`,
      creativeId: id,
      userId: author!.id,
      userFirstName: 'Bulk',
      userLastName: 'Author',
      text: `Avis ${i}`,
      // In pairs at one instant: only the id orders the two.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    }));
    await t.db.insert(comments).values(rows);
    await t.db.insert(comments).values({ creativeId: other.id, userFirstName: 'A', userLastName: 'B', text: 'Ailleurs' });
    const liked = rows[3]!.id;
    expect((await t.request('POST', `/api/comments/${liked}/like`, { cookie: userCookie })).status).toBe(200);

    const expected = newestFirst(
      rows,
      (c) => c.createdAt,
      (c) => c.id,
    ).map((c) => c.id);
    const anonymous = await followPages<Comment>(t, `/api/creatives/${id}/comments`, COMMENTS_PAGE_SIZE);
    expect(anonymous.pages).toBe(2);
    expect(anonymous.items.map((c) => c.id)).toEqual(expected);
    expect(anonymous.items.some((c) => c.likedByMe)).toBe(false);
    const signedIn = await followPages<Comment>(t, `/api/creatives/${id}/comments`, COMMENTS_PAGE_SIZE, userCookie);
    expect(signedIn.items.map((c) => c.id)).toEqual(expected);
    expect(signedIn.items.filter((c) => c.likedByMe).map((c) => c.id)).toEqual([liked]);

    await expectTamperedCursorsRefused(t, `/api/creatives/${id}/comments`);
  });
});

describe('media and download', () => {
  it('serves media with its type, nosniff, long cache and byte ranges; downloads with a safe file name', async () => {
    const stored = await storeTestImage(t.deps);
    const { id } = await insertCreative(t.db, { name: 'Téléchargement Été !', mediaId: stored.id });
    const detail = (await t.request<Creative>('GET', `/api/creatives/${id}`)).body;
    expect(detail.mediaUrl).toBe(`/media/${stored.name}`);
    expect(detail.thumbUrl).toMatch(/-card\.webp$/);

    const full = await t.request('GET', detail.mediaUrl!);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('cache-control')).toContain('immutable');
    const part = await t.request('GET', detail.mediaUrl!, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.bytes.length).toBe(10);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${full.bytes.length}`);
    expect((await t.request('GET', detail.thumbUrl!)).headers.get('content-type')).toBe('image/webp');
    expect((await t.request('GET', '/media/creatives/missing.png')).status).toBe(404);

    expect((await t.request('GET', `/api/creatives/${id}/download`)).status).toBe(401);
    const file = await t.request('GET', `/api/creatives/${id}/download`, { cookie: userCookie });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="telechargement-ete.png"');
    expect(file.bytes.equals(full.bytes)).toBe(true);
  });
});
