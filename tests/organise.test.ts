import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_PAGE_SIZE, USERS_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Analytics, Comment, Creative, Folder, Page, User } from '@domain/types';
import { comments, creatives, folderCreatives, folders, user as userTable } from '@server/db/schema';
import { insertCreative } from './helpers/fixtures';
import { expectTamperedCursorsRefused, followPages, newestFirst } from './helpers/paging';
import { createTestApp, type ApiError, type TestApp, type UserBody } from './helpers/test-app';

let t: TestApp;
let admin: { user: { id: string }; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('admin');
});
afterAll(() => t.close());

describe('folders', () => {
  it('creates, renames, files creatives idempotently, shows only approved ones, and deletes', async () => {
    const { cookie } = await t.loginAs('user');
    const blank = await t.request<ApiError>('POST', '/api/folders', { cookie, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.name).toBe(MSG.folderNameRequired);
    const folder = (await t.request<Folder>('POST', '/api/folders', { cookie, body: { name: ' Inspirations ' } })).body;
    expect(folder).toMatchObject({ name: 'Inspirations', creativeIds: [] });

    const a = await insertCreative(t.db, { name: 'Dans dossier A' });
    const b = await insertCreative(t.db, { name: 'Dans dossier B', advertiser: 'Élan' });
    const pending = await insertCreative(t.db, { status: 'pending' });
    await t.request('PUT', `/api/folders/${folder.id}/creatives/${a.id}`, { cookie });
    await t.request('PUT', `/api/folders/${folder.id}/creatives/${a.id}`, { cookie });
    const added = await t.request<Folder>('PUT', `/api/folders/${folder.id}/creatives/${b.id}`, { cookie });
    expect(added.body.creativeIds).toEqual([b.id, a.id]);
    expect((await t.request('PUT', `/api/folders/${folder.id}/creatives/${pending.id}`, { cookie })).status).toBe(404);

    let list = await t.request<Page<Creative>>('GET', `/api/folders/${folder.id}/creatives`, { cookie });
    expect(list.body.items.map((c) => c.name)).toEqual(['Dans dossier B', 'Dans dossier A']);
    expect(list.body.nextCursor).toBeNull();
    list = await t.request<Page<Creative>>('GET', `/api/folders/${folder.id}/creatives?q=elan`, { cookie });
    expect(list.body.items.map((c) => c.name)).toEqual(['Dans dossier B']);

    await t.db.update(creatives).set({ status: 'rejected' }).where(eq(creatives.id, b.id));
    expect((await t.request<Folder[]>('GET', '/api/folders', { cookie })).body[0]!.creativeIds).toEqual([a.id]);

    const renamed = await t.request<Folder>('PATCH', `/api/folders/${folder.id}`, { cookie, body: { name: 'Top' } });
    expect(renamed.body.name).toBe('Top');
    await t.request('DELETE', `/api/folders/${folder.id}/creatives/${a.id}`, { cookie });
    const removedTwice = await t.request<Folder>('DELETE', `/api/folders/${folder.id}/creatives/${a.id}`, { cookie });
    expect(removedTwice.status).toBe(200);
    expect(removedTwice.body.creativeIds).toEqual([]);
    expect((await t.request('DELETE', `/api/folders/${folder.id}`, { cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/folders', { cookie })).body).toEqual([]);
  });

  it("pages a folder's creatives to the end, most recently added first, the search continuing across pages", async () => {
    const owner = await t.loginAs('user');
    const folder = (await t.request<Folder>('POST', '/api/folders', { cookie: owner.cookie, body: { name: 'Gros dossier' } })).body;
    const tag = `z${Date.now().toString(36)}`;
    const base = Date.now() - 3_600_000;
    const filed: { id: string; addedAt: Date; name: string }[] = [];
    for (let i = 0; i < FOLDER_PAGE_SIZE + 5; i++) {
      const name = i % 6 === 5 ? `Autre ${i}` : `Zeste ${tag} ${i}`;
      const creative = await insertCreative(t.db, { id: `${tag}f${String(i).padStart(3, '0')}`, name });
      // Filed in pairs at one instant: only the id orders the two.
      const addedAt = new Date(base + Math.floor(i / 2) * 1000);
      await t.db.insert(folderCreatives).values({ folderId: folder.id, creativeId: creative.id, addedAt });
      filed.push({ id: creative.id, addedAt, name });
    }
    const hidden = await insertCreative(t.db, { name: `Zeste ${tag} en attente`, status: 'pending' });
    await t.db.insert(folderCreatives).values({ folderId: folder.id, creativeId: hidden.id, addedAt: new Date(base) });
    const expected = newestFirst(
      filed,
      (c) => c.addedAt,
      (c) => c.id,
    );

    const all = await followPages<Creative>(t, `/api/folders/${folder.id}/creatives`, FOLDER_PAGE_SIZE, owner.cookie);
    expect(all.pages).toBe(2);
    expect(all.items.map((c) => c.id)).toEqual(expected.map((c) => c.id));

    const search = await followPages<Creative>(t, `/api/folders/${folder.id}/creatives?q=ZESTE%20${tag}`, FOLDER_PAGE_SIZE, owner.cookie);
    const matching = expected.filter((c) => c.name.startsWith('Zeste'));
    expect(matching.length).toBeGreaterThan(FOLDER_PAGE_SIZE);
    expect(search.items.map((c) => c.id)).toEqual(matching.map((c) => c.id));

    await expectTamperedCursorsRefused(t, `/api/folders/${folder.id}/creatives`, owner.cookie);
  });

  it("answers 404 for another user's folder and leaves it untouched", async () => {
    const owner = await t.loginAs('user');
    const intruder = await t.loginAs('user');
    const folder = (await t.request<Folder>('POST', '/api/folders', { cookie: owner.cookie, body: { name: 'Privé' } })).body;
    for (const [method, path, body] of [
      ['GET', `/api/folders/${folder.id}/creatives`, undefined],
      ['PATCH', `/api/folders/${folder.id}`, { name: 'Volé' }],
      ['DELETE', `/api/folders/${folder.id}`, undefined],
    ] as const) {
      expect((await t.request(method, path, { cookie: intruder.cookie, body })).status).toBe(404);
    }
    expect((await t.request('GET', '/api/folders', { cookie: intruder.cookie })).body).toEqual([]);
    const [row] = await t.db.select().from(folders).where(eq(folders.id, folder.id));
    expect(row!.name).toBe('Privé');
  });
});

describe('user administration', () => {
  it('lists and searches users for admins', async () => {
    await t.loginAs('agency', { firstName: 'Zoé', lastName: 'Garnier', email: 'zoe.garnier@agence.fr' });
    const byName = await t.request<Page<User>>('GET', '/api/users?q=ZOÉ%20GAR', { cookie: admin.cookie });
    expect(byName.body.items.map((u) => u.email)).toEqual(['zoe.garnier@agence.fr']);
    expect(byName.body.nextCursor).toBeNull();
    const byMail = await t.request<Page<User>>('GET', '/api/users?q=@agence.fr&role=agency', { cookie: admin.cookie });
    expect(byMail.body.items).toHaveLength(1);
    const admins = await t.request<Page<User>>('GET', '/api/users?role=admin', { cookie: admin.cookie });
    expect(admins.body.items.every((u) => u.role === 'admin')).toBe(true);
  });

  it('pages the users to the end, newest first, the search and role chips continuing across pages', async () => {
    const tag = `p${Date.now().toString(36)}`;
    const base = Date.now() - 3_600_000;
    const rows = Array.from({ length: USERS_PAGE_SIZE + 5 }, (_, i) => {
      const id = `${tag}u${String(i).padStart(3, '0')}`;
      return {
        id,
        name: `Page ${id}`,
        firstName: 'Page',
        lastName: `${tag} ${i}`,
        email: `${id}@example.com`,
        role: i % 3 === 0 ? 'agency' : 'user',
        // In pairs at one instant: only the id orders the two.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      };
    });
    await t.db.insert(userTable).values(rows);
    const expected = newestFirst(
      rows,
      (u) => u.createdAt,
      (u) => u.id,
    );

    const found = await followPages<User>(t, `/api/users?q=${tag.toUpperCase()}`, USERS_PAGE_SIZE, admin.cookie);
    expect(found.pages).toBe(2);
    expect(found.items.map((u) => u.id)).toEqual(expected.map((u) => u.id));

    const agencies = await followPages<User>(t, `/api/users?q=${tag}&role=agency&role=specialist`, USERS_PAGE_SIZE, admin.cookie);
    expect(agencies.items.map((u) => u.id)).toEqual(expected.filter((u) => u.role === 'agency').map((u) => u.id));

    // Without a search: every account once, newest first.
    const everyone = await followPages<User>(t, '/api/users', USERS_PAGE_SIZE, admin.cookie);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(userTable)) as [{ n: number }];
    expect(everyone.items).toHaveLength(n);
    expect(new Set(everyone.items.map((u) => u.id)).size).toBe(n);
    const times = everyone.items.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(everyone.items.filter((u) => u.id.startsWith(tag)).map((u) => u.id)).toEqual(expected.map((u) => u.id));

    await expectTamperedCursorsRefused(t, `/api/users?q=${tag}`, admin.cookie);
  });

  it('changes a role and ends that user’s sessions at once; refuses self-demotion', async () => {
    const target = await t.loginAs('user');
    expect((await t.request<UserBody>('GET', '/api/auth/session', { cookie: target.cookie })).body.user.role).toBe('user');
    const res = await t.request<User>('PATCH', `/api/users/${target.user.id}/role`, { cookie: admin.cookie, body: { role: 'specialist' } });
    expect(res.body.role).toBe('specialist');
    expect((await t.request<{ user: User | null }>('GET', '/api/auth/session', { cookie: target.cookie })).body.user).toBeNull();
    const again = await t.login(target.user.email);
    expect((await t.request('GET', '/api/review/counts', { cookie: again })).status).toBe(200);

    const self = await t.request<ApiError>('PATCH', `/api/users/${admin.user.id}/role`, { cookie: admin.cookie, body: { role: 'user' } });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(MSG.cannotChangeOwnRole);
    expect((await t.request('PATCH', `/api/users/${target.user.id}/role`, { cookie: admin.cookie, body: { role: 'boss' } })).status).toBe(
      400,
    );
  });

  it('deletes an account: no sign-in, likes and comments gone with counters right, creatives kept', async () => {
    const gone = await t.loginAs('agency', { firstName: 'Paul', lastName: 'Parti' });
    const other = await t.loginAs('user');
    const c = await insertCreative(t.db, { name: 'Soumise par Paul', submittedBy: gone.user.id });
    await t.request('POST', `/api/creatives/${c.id}/like`, { cookie: gone.cookie });
    await t.request('POST', `/api/creatives/${c.id}/like`, { cookie: other.cookie });
    const mine = await t.request<Comment>('POST', `/api/creatives/${c.id}/comments`, { cookie: gone.cookie, body: { text: 'Le mien' } });
    const theirs = await t.request<Comment>('POST', `/api/creatives/${c.id}/comments`, { cookie: other.cookie, body: { text: 'Le leur' } });
    await t.request('POST', `/api/comments/${theirs.body.id}/like`, { cookie: gone.cookie });
    await t.request('POST', '/api/folders', { cookie: gone.cookie, body: { name: 'Dossier' } });

    expect((await t.request<ApiError>('DELETE', `/api/users/${admin.user.id}`, { cookie: admin.cookie })).body.error.message).toBe(
      MSG.cannotDeleteSelf,
    );
    expect((await t.request('DELETE', `/api/users/${gone.user.id}`, { cookie: admin.cookie })).status).toBe(200);

    expect((await t.request<{ user: User | null }>('GET', '/api/auth/session', { cookie: gone.cookie })).body.user).toBeNull();
    expect((await t.request('POST', '/api/auth/login', { body: { email: gone.user.email, password: 'demo1234' } })).status).toBe(401);
    const after = (await t.request<Creative>('GET', `/api/creatives/${c.id}`, { cookie: other.cookie })).body;
    expect(after).toMatchObject({ likes: 1, commentCount: 1, submittedBy: null, submitter: null });
    const left = await t.request<Page<Comment>>('GET', `/api/creatives/${c.id}/comments`);
    expect(left.body.items.map((x: { text: string; likes: number }) => [x.text, x.likes])).toEqual([['Le leur', 0]]);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(eq(comments.id, mine.body.id))) as [{ n: number }];
    expect(n).toBe(0);
    expect((await t.db.select().from(folders).where(eq(folders.userId, gone.user.id))).length).toBe(0);
  });
});

describe('analytics', () => {
  it('computes the figures of the period in SQL', async () => {
    const fresh = await createTestApp();
    try {
      const spec = await fresh.loginAs('specialist', { firstName: 'Ana', lastName: 'Lyste' });
      const agency = await fresh.loginAs('agency', { firstName: 'Age', lastName: 'Nce' });
      const old = new Date(Date.now() - 200 * 86_400_000);
      await insertCreative(fresh.db, { submittedBy: spec.user.id, formats: ['Vidéo', 'Motion'], attention: 'Oui' });
      await insertCreative(fresh.db, { submittedBy: spec.user.id, formats: ['Vidéo'] });
      await insertCreative(fresh.db, { submittedBy: agency.user.id, status: 'pending', bestPractices: ['Hook'] });
      await insertCreative(fresh.db, { submittedBy: agency.user.id, createdAt: old, formats: ['GIF'] });
      const { body } = await fresh.request<Analytics>('GET', '/api/analytics', { cookie: spec.cookie });
      expect(body.period).toBe('30');
      expect(body.totals).toMatchObject({ creatives: 3, approved: 2, pending: 1, rejected: 0 });
      expect(body.totals.users).toBeGreaterThanOrEqual(2);
      expect(body.analysedPercent).toBe(66.7);
      expect(body.topContributors).toEqual([
        { userId: spec.user.id, name: 'Ana Lyste', count: 2 },
        { userId: agency.user.id, name: 'Age Nce', count: 1 },
      ]);
      expect(body.breakdowns.format.slice(0, 2)).toEqual([
        { label: 'Vidéo', count: 2, percent: 66.7 },
        { label: 'Motion', count: 1, percent: 33.3 },
      ]);
      expect(body.breakdowns.format.find((b) => b.label === 'GIF')).toEqual({ label: 'GIF', count: 0, percent: 0 });
      const all = (await fresh.request<Analytics>('GET', '/api/analytics?period=all', { cookie: spec.cookie })).body;
      expect(all.totals.creatives).toBe(4);
      expect((await fresh.request('GET', '/api/analytics?period=365', { cookie: spec.cookie })).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});
