import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { Analytics, Comment, Creative, Folder, User } from '@domain/types';
import { comments, creatives, folders } from '@server/db/schema';
import { insertCreative } from './helpers/fixtures';
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

    let list = await t.request<Creative[]>('GET', `/api/folders/${folder.id}/creatives`, { cookie });
    expect(list.body.map((c) => c.name)).toEqual(['Dans dossier B', 'Dans dossier A']);
    list = await t.request<Creative[]>('GET', `/api/folders/${folder.id}/creatives?q=elan`, { cookie });
    expect(list.body.map((c) => c.name)).toEqual(['Dans dossier B']);

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
    const byName = await t.request<User[]>('GET', '/api/users?q=ZOÉ%20GAR', { cookie: admin.cookie });
    expect(byName.body.map((u) => u.email)).toEqual(['zoe.garnier@agence.fr']);
    const byMail = await t.request<User[]>('GET', '/api/users?q=@agence.fr&role=agency', { cookie: admin.cookie });
    expect(byMail.body).toHaveLength(1);
    const admins = await t.request<User[]>('GET', '/api/users?role=admin', { cookie: admin.cookie });
    expect(admins.body.every((u) => u.role === 'admin')).toBe(true);
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
    const left = await t.request<Comment[]>('GET', `/api/creatives/${c.id}/comments`);
    expect(left.body.map((x: { text: string; likes: number }) => [x.text, x.likes])).toEqual([['Le leur', 0]]);
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
