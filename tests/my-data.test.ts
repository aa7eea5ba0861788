import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { MY_DATA_BATCH, type MyDataExport } from '@domain/my-data';
import type { Comment, Creative, Folder, FolderShare, User } from '@domain/types';
import { account, comments, creativeLikes, creatives, folderShares, folders, session, user as userTable } from '@server/db/schema';
import { EXPORT_SECTIONS } from '@server/services/my-data/my-data-sections';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';

/** "Exporter mes données" and "Supprimer mon compte" (issue 19), on PGlite or the PostgreSQL of DATABASE_URL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  user: User;
  cookie: string;
  email: string;
  password: string;
}

/** An account with one of everything: a like, a comment and its like, a folder with a note and a share link, submissions. */
async function personWithData(label: string) {
  const person: Person = await t.signUp({ firstName: label, lastName: 'Données' });
  const liked = await insertCreative(t.db, { name: `Aimée par ${label}` });
  const pending = await insertCreative(t.db, { name: `Proposée par ${label}`, status: 'pending', submittedBy: person.user.id });
  const rejected = await insertCreative(t.db, {
    name: `Refusée de ${label}`,
    status: 'rejected',
    rejectionReason: 'Visuel flou',
    submittedBy: person.user.id,
  });
  const as = { cookie: person.cookie };
  await t.request('POST', `/api/creatives/${liked.id}/like`, as);
  const comment = (await t.request<Comment>('POST', `/api/creatives/${liked.id}/comments`, { ...as, body: { text: `Avis de ${label}` } }))
    .body;
  const folder = (await t.request<Folder>('POST', '/api/folders', { ...as, body: { name: `Dossier de ${label}` } })).body;
  await t.request('PUT', `/api/folders/${folder.id}/creatives/${liked.id}`, as);
  await t.request('PUT', `/api/folders/${folder.id}/creatives/${liked.id}/note`, { ...as, body: { note: `Note de ${label}` } });
  const share = (
    await t.request<FolderShare>('POST', `/api/folders/${folder.id}/shares`, {
      ...as,
      body: { password: 'secret-partage', allowDownload: true },
    })
  ).body;
  return { ...person, liked, pending, rejected, comment, folder, share };
}

async function exportOf(cookie: string) {
  const res = await t.request<MyDataExport>('GET', '/api/me/export', { cookie });
  return res;
}

describe('Exporter mes données', () => {
  it('downloads every section of the account, and nothing of anyone else nor any secret', async () => {
    const me = await personWithData('Moi');
    const other = await personWithData('Autre');
    // The other account likes my comment and I like theirs.
    await t.request('POST', `/api/comments/${me.comment.id}/like`, { cookie: other.cookie });
    await t.request('POST', `/api/comments/${other.comment.id}/like`, { cookie: me.cookie });

    const res = await exportOf(me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="creatheque-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = res.body;

    expect(Object.keys(data)).toEqual(['format', 'version', 'exportedAt', 'profile', ...EXPORT_SECTIONS.map((s) => s.key)]);
    expect(data).toMatchObject({ format: 'creatheque-mes-donnees', version: 1 });
    expect(data.profile).toEqual({
      id: me.user.id,
      email: me.email,
      firstName: 'Moi',
      lastName: 'Données',
      role: 'user',
      createdAt: me.user.createdAt,
    });
    expect(data.likes).toEqual([{ creativeId: me.liked.id, title: 'Aimée par Moi', likedAt: expect.any(String) }]);
    expect(data.commentLikes).toEqual([{ commentId: other.comment.id, creativeId: other.liked.id, likedAt: expect.any(String) }]);
    expect(data.comments).toEqual([
      {
        id: me.comment.id,
        creativeId: me.liked.id,
        creativeTitle: 'Aimée par Moi',
        text: 'Avis de Moi',
        createdAt: me.comment.createdAt,
        likes: 1,
      },
    ]);
    expect(data.folders).toEqual([
      {
        id: me.folder.id,
        name: 'Dossier de Moi',
        createdAt: me.folder.createdAt,
        creatives: [{ creativeId: me.liked.id, title: 'Aimée par Moi', addedAt: expect.any(String), note: 'Note de Moi' }],
        shareLinks: [
          {
            url: new URL(`/partage/${me.share.token}`, t.config.publicUrl).href,
            hasPassword: true,
            expiresAt: null,
            allowDownload: true,
            includeAnalysis: false,
            includeNotes: false,
            views: 0,
            createdAt: me.share.createdAt,
          },
        ],
      },
    ]);
    expect(data.submissions.map((s) => [s.id, s.name, s.status, s.rejectionReason])).toEqual(
      expect.arrayContaining([
        [me.pending.id, 'Proposée par Moi', 'pending', null],
        [me.rejected.id, 'Refusée de Moi', 'rejected', 'Visuel flou'],
      ]),
    );
    expect(data.submissions).toHaveLength(2);
    // The notification centre: the other account liked my comment (the panel's sentence, unread).
    expect(data.notifications).toEqual([
      {
        id: expect.any(String),
        type: 'comment_like',
        text: expect.stringContaining('Autre'),
        creativeId: me.liked.id,
        commentId: me.comment.id,
        reason: null,
        createdAt: expect.any(String),
        read: false,
      },
    ]);

    // Nothing of the other account, no password hash, no session token.
    for (const foreign of [other.user.id, other.email, 'Avis de Autre', 'Dossier de Autre', 'Note de Autre', other.share.token]) {
      expect(res.text).not.toContain(foreign);
    }
    const [hash] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, me.user.id));
    const tokens = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, me.user.id));
    const [shareHash] = await t.db.select({ h: folderShares.passwordHash }).from(folderShares).where(eq(folderShares.id, me.share.id));
    expect(hash!.password).toBeTruthy();
    expect(tokens.length).toBeGreaterThan(0);
    for (const secret of [hash!.password!, shareHash!.h!, ...tokens.map((s) => s.token), 'secret-partage'])
      expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/"password|"token"|"passwordHash"/);
  });

  it('reads a heavy list in keyset batches to its end, in order, ties broken by id', async () => {
    const me = await t.signUp();
    const n = MY_DATA_BATCH * 2 + 7;
    // One instant for every like: only the id orders them, across the batches' edges.
    const made = await t.db
      .insert(creatives)
      .values(Array.from({ length: n }, (_, i) => ({ name: `Lot ${i}`, advertiser: 'A', status: 'approved' })))
      .returning({ id: creatives.id });
    const at = new Date('2030-01-01T00:00:00Z');
    await t.db.insert(creativeLikes).values(made.map((c) => ({ creativeId: c.id, userId: me.user.id, createdAt: at })));
    const likes = (await exportOf(me.cookie)).body.likes;
    expect(likes).toHaveLength(n);
    expect(likes.map((l) => l.creativeId)).toEqual(made.map((c) => c.id).sort((a, b) => (a < b ? 1 : -1)));
  });

  it('is for signed-in users only', async () => {
    expect((await t.request<ApiError>('GET', '/api/me/export')).status).toBe(401);
  });
});

describe('Supprimer mon compte', () => {
  it('refuses a wrong password in French and deletes nothing', async () => {
    const me = await personWithData('Prudent');
    const res = await t.request<ApiError>('DELETE', '/api/me', { cookie: me.cookie, body: { password: 'pas-le-bon' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: MSG.deleteAccountPasswordWrong,
      fields: { password: MSG.deleteAccountPasswordWrong },
    });
    expect((await t.request<{ user: User | null }>('GET', '/api/auth/session', { cookie: me.cookie })).body.user?.id).toBe(me.user.id);
    expect((await exportOf(me.cookie)).body.comments).toHaveLength(1);
    const empty = await t.request<ApiError>('DELETE', '/api/me', { cookie: me.cookie, body: { password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.password).toBe(MSG.passwordRequired);
  });

  it('removes what ADR 002 removes, keeps the submissions, ends every session and the sign-in', async () => {
    const me = await personWithData('Partant');
    const other = await personWithData('Restant');
    await t.request('POST', `/api/creatives/${other.liked.id}/like`, { cookie: me.cookie });
    await t.request('POST', `/api/creatives/${other.liked.id}/comments`, { cookie: me.cookie, body: { text: 'Passage' } });
    await t.request('POST', `/api/comments/${other.comment.id}/like`, { cookie: me.cookie });
    const secondDevice = await t.login(me.email, me.password);

    const res = await t.request('DELETE', '/api/me', { cookie: me.cookie, body: { password: me.password } });
    expect(res.status).toBe(200);
    // The browser's session cookie is cleared.
    expect(res.setCookies.some((c) => /creatheque\.session_token=;/.test(c))).toBe(true);

    for (const cookie of [me.cookie, secondDevice]) {
      expect((await t.request<{ user: User | null }>('GET', '/api/auth/session', { cookie })).body.user).toBeNull();
      expect((await t.request('GET', '/api/me/export', { cookie })).status).toBe(401);
    }
    expect((await t.request('POST', '/api/auth/login', { body: { email: me.email, password: me.password } })).status).toBe(401);

    const gone = me.user.id;
    expect(await t.db.select().from(userTable).where(eq(userTable.id, gone))).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, gone))).toEqual([]);
    expect(await t.db.select().from(account).where(eq(account.userId, gone))).toEqual([]);
    expect(await t.db.select().from(folders).where(eq(folders.userId, gone))).toEqual([]);
    expect(await t.db.select().from(folderShares).where(eq(folderShares.id, me.share.id))).toEqual([]);
    expect(await t.db.select().from(comments).where(eq(comments.userId, gone))).toEqual([]);
    // The counters equal the likers and the comments left.
    const otherCreative = (await t.request<Creative>('GET', `/api/creatives/${other.liked.id}`, { cookie: other.cookie })).body;
    expect(otherCreative).toMatchObject({ likes: 1, commentCount: 1 });
    const myLiked = (await t.request<Creative>('GET', `/api/creatives/${me.liked.id}`)).body;
    expect(myLiked).toMatchObject({ likes: 0, commentCount: 0 });
    const [otherComment] = await t.db.select({ likes: comments.likes }).from(comments).where(eq(comments.id, other.comment.id));
    expect(otherComment!.likes).toBe(0);
    // Submissions stay, without a submitter.
    const kept = await t.db
      .select({ id: creatives.id, submittedBy: creatives.submittedBy })
      .from(creatives)
      .where(sql`${creatives.id} in (${me.pending.id}, ${me.rejected.id})`);
    expect(kept.map((k) => k.submittedBy)).toEqual([null, null]);
    // The other account is untouched.
    const theirs = (await exportOf(other.cookie)).body;
    expect(theirs.folders[0]!.shareLinks).toHaveLength(1);
    expect(theirs.comments.map((c) => c.text)).toEqual(['Avis de Restant']);
  });

  it('refuses the last admin, and lets an admin go while another remains', async () => {
    // A database of its own: the admins of the other tests must not count.
    const solo = await createTestApp();
    try {
      const first = await solo.signUp();
      await solo.db.update(userTable).set({ role: 'admin' }).where(eq(userTable.id, first.user.id));
      const cookie = await solo.login(first.email, first.password);
      const refused = await solo.request<ApiError>('DELETE', '/api/me', { cookie, body: { password: first.password } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MSG.lastAdminCannotLeave);
      expect(await solo.db.select().from(userTable).where(eq(userTable.id, first.user.id))).toHaveLength(1);

      await solo.loginAs('admin');
      expect((await solo.request('DELETE', '/api/me', { cookie, body: { password: first.password } })).status).toBe(200);
    } finally {
      await solo.close();
    }
  });
});
