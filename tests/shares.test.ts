import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import {
  NOTE_MAX,
  SHARE_PASSWORD_MIN,
  SHARE_UNLOCK_ATTEMPTS,
  SHARE_UNLOCK_LINK_FAILURES,
  SHARE_UNLOCK_LINK_WINDOW_SECONDS,
  SHARE_UNLOCK_MAX_AGE_SECONDS,
} from '@domain/shares';
import type { Folder, FolderCreative, FolderShare, Page, SharedFolderPage } from '@domain/types';
import { creatives, folderShares } from '@server/db/schema';
import { probeRedis } from '@server/redis/test-redis';
import { hashSharePassword } from '@server/services/shares/share-password';
import { insertCreative, storeTestImage } from './helpers/fixtures';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';
import { openTwoInstances } from './helpers/two-instances';

let t: TestApp;
let owner: string;
/** The clock of the limits, unlocks and views (moved instead of waiting). */
let clock = Date.now();
/** Behind a trusted proxy: each visitor() comes from an address of its own. */
const BEHIND_PROXY = { TRUST_PROXY: 'true' };

beforeAll(async () => {
  t = await createTestApp({ env: BEHIND_PROXY, now: () => clock });
  owner = (await t.loginAs('user')).cookie;
});
afterAll(() => t.close());

let visitors = 0;
/** The headers of a new visitor: another address (X-Forwarded-For, TRUST_PROXY), a browser's user agent. */
function visitor(): Record<string, string> {
  visitors += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(visitors / 250)}.${visitors % 250}`, 'user-agent': 'Mozilla/5.0 (test)' };
}

const ANALYSIS = {
  attention: 'Un hook fort',
  interest: 'Intérêt',
  desire: 'Désir',
  bestPractices: ['Bonnes pratiques'],
  actions: ['Agir'],
};

/** A folder of the owner holding fresh approved creatives (the last added first in its pages). */
async function folderWith(names: string[], cookie = owner, app = t) {
  const folder = (await app.request<Folder>('POST', '/api/folders', { cookie, body: { name: 'Pour le client' } })).body;
  const ids: string[] = [];
  for (const name of names) {
    const stored = await storeTestImage(app.deps);
    const creative = await insertCreative(app.db, { name, mediaId: stored.id, ...ANALYSIS });
    expect((await app.request('PUT', `/api/folders/${folder.id}/creatives/${creative.id}`, { cookie })).status).toBe(200);
    ids.push(creative.id);
  }
  return { folder, ids };
}

async function share(folderId: string, body: Record<string, unknown> = {}, cookie = owner, app = t) {
  const res = await app.request<FolderShare>('POST', `/api/folders/${folderId}/shares`, { cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A password of the minimum length (SHARE_PASSWORD_MIN). */
const PASSWORD = 'sesame12';

const views = async (id: string, app = t) => (await app.db.select().from(folderShares).where(eq(folderShares.id, id)))[0]!.views;

const unlock = (token: string, password: string, headers = visitor(), app = t) =>
  app.request<ApiError>('POST', `/api/shares/${token}/unlock`, { body: { password }, headers });
const open = (token: string, cookie?: string, headers = visitor(), app = t) =>
  app.request<SharedFolderPage>('GET', `/api/shares/${token}`, { cookie, headers });

describe('share links', () => {
  it('creates links with a 192-bit token, lists them to the owner only, counts one view per opening, and revokes', async () => {
    const { folder, ids } = await folderWith(['Affiche été', 'Story hiver']);
    const link = await share(folder.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).toMatchObject({ hasPassword: false, expiresAt: null, expired: false, views: 0 });
    expect(link).toMatchObject({ allowDownload: false, includeAnalysis: false, includeNotes: false });
    const second = await share(folder.id, { allowDownload: true });
    expect(second.token).not.toBe(link.token);

    const listed = await t.request<FolderShare[]>('GET', `/api/folders/${folder.id}/shares`, { cookie: owner });
    expect(listed.body.map((s) => s.id)).toEqual([link.id, second.id]);
    const stranger = (await t.loginAs('user')).cookie;
    expect((await t.request('GET', `/api/folders/${folder.id}/shares`, { cookie: stranger })).status).toBe(404);
    expect((await t.request('POST', `/api/folders/${folder.id}/shares`, { cookie: stranger, body: {} })).status).toBe(404);

    // A visitor (no cookie): the folder's name, the options, its approved creatives newest first.
    const page = await t.request<SharedFolderPage>('GET', `/api/shares/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.body.folder).toEqual({ name: 'Pour le client', allowDownload: false, includeAnalysis: false, includeNotes: false });
    expect(page.body.items.map((c) => c.name)).toEqual(['Story hiver', 'Affiche été']);
    expect(page.body.items[0]).toMatchObject({ submittedBy: null, submitter: null, likedByMe: false });
    expect(await views(link.id)).toBe(1);
    // Opening a creative is not another view, nor is the same visitor's opening again; another visitor's is.
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${ids[0]}`)).status).toBe(200);
    await t.request('GET', `/api/shares/${link.token}`);
    expect(await views(link.id)).toBe(1);
    await t.request('GET', `/api/shares/${link.token}`, { headers: { 'user-agent': 'Un autre navigateur' } });
    expect(await views(link.id)).toBe(2);
    expect((await t.request<FolderShare[]>('GET', `/api/folders/${folder.id}/shares`, { cookie: owner })).body[0]!.views).toBe(2);

    expect((await t.request('DELETE', `/api/folders/${folder.id}/shares/${link.id}`, { cookie: stranger })).status).toBe(404);
    expect((await t.request('DELETE', `/api/folders/${folder.id}/shares/${link.id}`, { cookie: owner })).status).toBe(200);
    const revoked = await t.request<ApiError>('GET', `/api/shares/${link.token}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.message).toBe(MSG.shareNotFound);
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${ids[0]}`)).status).toBe(404);
    expect((await t.request('GET', `/api/shares/${second.token}`)).status).toBe(200);
  });

  it('pages the shared folder with the folder cursor, counting only the first page as a view', async () => {
    const { folder } = await folderWith(Array.from({ length: FOLDER_PAGE_SIZE + 2 }, (_, i) => `Page ${i}`));
    const link = await share(folder.id);
    const first = await t.request<SharedFolderPage>('GET', `/api/shares/${link.token}`);
    expect(first.body.items).toHaveLength(FOLDER_PAGE_SIZE);
    const next = await t.request<SharedFolderPage>('GET', `/api/shares/${link.token}?cursor=${first.body.nextCursor}`);
    expect(next.body.items).toHaveLength(2);
    expect(next.body.nextCursor).toBeNull();
    expect(await views(link.id)).toBe(1);
  });

  it('stops an expired link with 410 and a French message', async () => {
    const { folder, ids } = await folderWith(['Expirée']);
    const past = await t.request<ApiError>('POST', `/api/folders/${folder.id}/shares`, {
      cookie: owner,
      body: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields.expiresAt).toBe(MSG.shareExpiryPast);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const link = await share(folder.id, { expiresAt: tomorrow });
    expect(link.expiresAt).toBe(tomorrow);
    expect((await t.request('GET', `/api/shares/${link.token}`)).status).toBe(200);
    await t.db
      .update(folderShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(folderShares.id, link.id));
    for (const path of [`/api/shares/${link.token}`, `/api/shares/${link.token}/creatives/${ids[0]}`]) {
      const res = await t.request<ApiError>('GET', path);
      expect(res.status).toBe(410);
      expect(res.body.error).toMatchObject({ code: 'GONE', message: MSG.shareExpired });
    }
    expect((await t.request<FolderShare[]>('GET', `/api/folders/${folder.id}/shares`, { cookie: owner })).body[0]!.expired).toBe(true);
  });

  it('includes the analysis only when the link says so', async () => {
    const { folder, ids } = await folderWith(['Analysée']);
    const without = await share(folder.id);
    const withIt = await share(folder.id, { includeAnalysis: true });
    const hidden = (await t.request<SharedFolderPage>('GET', `/api/shares/${without.token}`)).body.items[0]!;
    expect(hidden.analysis).toBeNull();
    expect(hidden.analysisPreview).toEqual([]);
    expect((await t.request<FolderCreative>('GET', `/api/shares/${without.token}/creatives/${ids[0]}`)).body.analysis).toBeNull();
    const shown = await t.request<FolderCreative>('GET', `/api/shares/${withIt.token}/creatives/${ids[0]}`);
    expect(shown.body.analysis).toMatchObject({ attention: 'Un hook fort' });
    expect((await t.request<SharedFolderPage>('GET', `/api/shares/${withIt.token}`)).body.folder.includeAnalysis).toBe(true);
  });

  it('reports and enforces the download switch, with the download name rule', async () => {
    const { folder, ids } = await folderWith(['Visuel Été !']);
    const closed = await share(folder.id);
    const open = await share(folder.id, { allowDownload: true });
    expect((await t.request<SharedFolderPage>('GET', `/api/shares/${open.token}`)).body.folder.allowDownload).toBe(true);
    const refused = await t.request<ApiError>('GET', `/api/shares/${closed.token}/creatives/${ids[0]}/download`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MSG.shareDownloadNotAllowed);
    const file = await t.request('GET', `/api/shares/${open.token}/creatives/${ids[0]}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain('visuel-ete.png');
    expect(file.bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it("gives the folder's ZIP when downloads are allowed, without the creatives no longer approved, counting no view", async () => {
    const { folder, ids } = await folderWith(['Affiche Été', 'Retirée']);
    await t.db.update(creatives).set({ status: 'rejected' }).where(eq(creatives.id, ids[1]!));
    const closed = await share(folder.id);
    const open = await share(folder.id, { allowDownload: true });
    const refused = await t.request<ApiError>('GET', `/api/shares/${closed.token}/zip`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MSG.shareDownloadNotAllowed);
    const zip = await t.request('GET', `/api/shares/${open.token}/zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain('pour-le-client.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'affiche-ete.png']);
    expect(strFromU8(entries['README.txt']!)).toContain('Affiche Été');
    expect(strFromU8(entries['README.txt']!)).not.toContain('Retirée');
    expect(await views(open.id)).toBe(0);
    // Locked: the password first, like every route of the link.
    const locked = await share(folder.id, { allowDownload: true, password: 'sesame-zip' });
    expect((await t.request('GET', `/api/shares/${locked.token}/zip`)).status).toBe(401);
  });

  it('hides creatives deleted or no longer approved since the link was made', async () => {
    const { folder, ids } = await folderWith(['Reste', 'Dépubliée', 'Supprimée']);
    const link = await share(folder.id);
    await t.db.update(creatives).set({ status: 'rejected' }).where(eq(creatives.id, ids[1]!));
    await t.db.delete(creatives).where(eq(creatives.id, ids[2]!));
    const page = await t.request<SharedFolderPage>('GET', `/api/shares/${link.token}`);
    expect(page.body.items.map((c) => c.name)).toEqual(['Reste']);
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${ids[1]}`)).status).toBe(404);
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${ids[2]}`)).status).toBe(404);
  });

  it('gives nothing of another folder: a token opens its own folder only', async () => {
    const mine = await folderWith(['Du dossier A']);
    const other = await folderWith(['Du dossier B']);
    const link = await share(mine.folder.id, { allowDownload: true });
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${other.ids[0]}`)).status).toBe(404);
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${other.ids[0]}/download`)).status).toBe(404);
    // Nor the owner's API: the visitor has no session.
    expect((await t.request('GET', `/api/folders/${mine.folder.id}/creatives`)).status).toBe(401);
  });

  it('asks for the password, answers a wrong one in French, then 429 past the limit; the right one opens that link only', async () => {
    const { folder, ids } = await folderWith(['Protégée']);
    const link = await share(folder.id, { password: PASSWORD });
    const other = await share(folder.id, { password: PASSWORD });
    expect(link.hasPassword).toBe(true);
    const stored = (await t.db.select().from(folderShares).where(eq(folderShares.id, link.id)))[0]!.passwordHash!;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(PASSWORD);

    const locked = await t.request<ApiError>('GET', `/api/shares/${link.token}`);
    expect(locked.status).toBe(401);
    expect(locked.body.error).toMatchObject({ code: 'PASSWORD_REQUIRED', message: MSG.sharePasswordRequired });
    expect((await t.request('GET', `/api/shares/${link.token}/creatives/${ids[0]}`)).status).toBe(401);
    expect(await views(link.id)).toBe(0);

    const wrong = await t.request<ApiError>('POST', `/api/shares/${link.token}/unlock`, { body: { password: 'faux' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Mot de passe incorrect');

    const right = await t.request('POST', `/api/shares/${link.token}/unlock`, { body: { password: PASSWORD } });
    expect(right.status).toBe(200);
    const setCookie = right.setCookies[0]!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toContain(`Path=/api/shares/${link.token}`);
    const opened = await t.request<SharedFolderPage>('GET', `/api/shares/${link.token}`, { cookie: right.cookie });
    expect(opened.status).toBe(200);
    expect(opened.body.items.map((c) => c.name)).toEqual(['Protégée']);
    // The cookie of one link opens neither another link nor anything else.
    expect((await t.request('GET', `/api/shares/${other.token}`, { cookie: right.cookie })).status).toBe(401);
    expect((await t.request('GET', '/api/folders', { cookie: right.cookie })).status).toBe(401);
    expect((await t.request('GET', `/api/shares/${link.token}`, { cookie: `creatheque.share=forged` })).status).toBe(401);

    // Every try counts (this address has made 2 on this link): past the limit, 429 — even with the right password.
    for (let i = 2; i < SHARE_UNLOCK_ATTEMPTS; i += 1) {
      expect((await t.request('POST', `/api/shares/${link.token}/unlock`, { body: { password: 'faux' } })).status).toBe(400);
    }
    const limited = await t.request<ApiError>('POST', `/api/shares/${link.token}/unlock`, { body: { password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.body.error.message).toMatch(/^Trop de tentatives\. Réessayez dans /);
    expect(limited.headers.get('retry-after')).not.toBeNull();
    // Another link keeps its own count.
    expect((await t.request('POST', `/api/shares/${other.token}/unlock`, { body: { password: PASSWORD } })).status).toBe(200);
  });
});

describe('share passwords against guessing', () => {
  it(`asks at least ${SHARE_PASSWORD_MIN} characters of a new password; a link made with a shorter one still opens with it`, async () => {
    const { folder } = await folderWith(['Courte']);
    const short = await t.request<ApiError>('POST', `/api/folders/${folder.id}/shares`, {
      cookie: owner,
      body: { password: 'x'.repeat(SHARE_PASSWORD_MIN - 1) },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe('Le mot de passe doit contenir au moins 8 caractères');
    expect((await share(folder.id, { password: 'x'.repeat(SHARE_PASSWORD_MIN) })).hasPassword).toBe(true);

    // Made when 4 characters were enough: its visitors still type those 4.
    const older = await share(folder.id);
    await t.db
      .update(folderShares)
      .set({ passwordHash: await hashSharePassword('1234') })
      .where(eq(folderShares.id, older.id));
    const opened = await unlock(older.token, '1234');
    expect(opened.status).toBe(200);
    expect((await open(older.token, opened.cookie)).status).toBe(200);
  });

  it('takes a bounded number of wrong passwords per link whatever the address, then 429 for everyone; right ones cost nothing', async () => {
    const { folder } = await folderWith(['Convoitée']);
    const link = await share(folder.id, { password: PASSWORD });
    const other = await share(folder.id, { password: PASSWORD });
    const before = await unlock(link.token, PASSWORD);
    expect(before.status).toBe(200);
    // A new address for every try (a proxy's rotating X-Forwarded-For): the per-address limit never bites.
    for (let i = 1; i < SHARE_UNLOCK_LINK_FAILURES; i += 1) expect((await unlock(link.token, `essai-${i}`)).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await unlock(link.token, PASSWORD)).status).toBe(200);
    expect((await unlock(link.token, 'le-dernier')).status).toBe(400);

    const refused = await unlock(link.token, 'encore-un');
    expect(refused.status).toBe(429);
    const perFailure = (SHARE_UNLOCK_LINK_WINDOW_SECONDS / SHARE_UNLOCK_LINK_FAILURES) * 1000;
    expect(refused.headers.get('retry-after')).toBe(String(perFailure / 1000));
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', message: "Trop d'essais pour ce lien. Réessayez dans 3 minutes." });
    // Even the right password waits; a browser already unlocked keeps reading; another link is not touched.
    expect((await unlock(link.token, PASSWORD)).status).toBe(429);
    expect((await open(link.token, before.cookie)).status).toBe(200);
    expect((await unlock(other.token, PASSWORD)).status).toBe(200);

    clock += perFailure;
    expect((await unlock(link.token, PASSWORD)).status).toBe(200);
    expect((await unlock(link.token, 'pas-encore')).status).toBe(400);
    expect((await unlock(link.token, 'toujours-pas')).status).toBe(429);
  });

  it('never lets concurrent wrong passwords overdraw the budget of the link', async () => {
    const { folder } = await folderWith(['Assaillie']);
    const link = await share(folder.id, { password: PASSWORD });
    const tries = await Promise.all(Array.from({ length: SHARE_UNLOCK_LINK_FAILURES + 10 }, (_, i) => unlock(link.token, `rafale-${i}`)));
    expect(tries.filter((r) => r.status === 400)).toHaveLength(SHARE_UNLOCK_LINK_FAILURES);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(10);
  });
});

describe('unlocks of a protected link', () => {
  async function protectedLink() {
    const { folder } = await folderWith(['Sous clé']);
    return { folder, link: await share(folder.id, { password: PASSWORD }) };
  }

  it('are one per visitor: each right password gets a cookie of its own', async () => {
    const { link } = await protectedLink();
    const first = await unlock(link.token, PASSWORD);
    const second = await unlock(link.token, PASSWORD);
    expect(first.cookie).not.toBe('');
    expect(first.cookie).not.toBe(second.cookie);
    for (const { cookie } of [first, second]) expect((await open(link.token, cookie)).status).toBe(200);
  });

  it('are refused by the server after 7 days, whatever the browser keeps', async () => {
    const { link } = await protectedLink();
    const unlocked = await unlock(link.token, PASSWORD);
    clock += SHARE_UNLOCK_MAX_AGE_SECONDS * 1000 - 1000;
    expect((await open(link.token, unlocked.cookie)).status).toBe(200);
    clock += 1000;
    const stale = await open(link.token, unlocked.cookie);
    expect(stale.status).toBe(401);
    expect((stale.body as unknown as ApiError).error.code).toBe('PASSWORD_REQUIRED');
  });

  it('end with a new password of the link, and with the link', async () => {
    const { folder, link } = await protectedLink();
    const unlocked = await unlock(link.token, PASSWORD);
    await t.db
      .update(folderShares)
      .set({ passwordHash: await hashSharePassword('nouveau-secret') })
      .where(eq(folderShares.id, link.id));
    expect((await open(link.token, unlocked.cookie)).status).toBe(401);
    const renewed = await unlock(link.token, 'nouveau-secret');
    expect((await open(link.token, renewed.cookie)).status).toBe(200);

    expect((await t.request('DELETE', `/api/folders/${folder.id}/shares/${link.id}`, { cookie: owner })).status).toBe(200);
    expect((await open(link.token, renewed.cookie)).status).toBe(404);
  });
});

describe('views of a link', () => {
  it('count a visitor once a day, however often they open it', async () => {
    const { folder } = await folderWith(['Consultée']);
    const link = await share(folder.id);
    const me = visitor();
    for (let i = 0; i < 20; i += 1) expect((await open(link.token, undefined, me)).status).toBe(200);
    expect(await views(link.id)).toBe(1);
    // Another address, or another browser at the same address, is another visitor.
    await open(link.token, undefined, visitor());
    await open(link.token, undefined, { ...me, 'user-agent': 'Un autre navigateur' });
    expect(await views(link.id)).toBe(3);
    // The next day the same visitor counts again, once.
    clock += 24 * 60 * 60 * 1000;
    await open(link.token, undefined, me);
    await open(link.token, undefined, me);
    expect(await views(link.id)).toBe(4);
  });
});

const redis = await probeRedis();

describe.skipIf(!redis.ok)(`share links on two instances sharing Redis${redis.skipped}`, () => {
  it("count a link's wrong passwords and its visitors once for every instance", async () => {
    const { a, b, close } = await openTwoInstances('shares', { env: BEHIND_PROXY, now: () => clock });
    try {
      const cookie = (await a.loginAs('user')).cookie;
      const { folder } = await folderWith(['Partout'], cookie, a);
      const link = await share(folder.id, { password: PASSWORD }, cookie, a);
      const instances = [a, b];
      for (let i = 0; i < SHARE_UNLOCK_LINK_FAILURES; i += 1) {
        expect((await unlock(link.token, `essai-${i}`, visitor(), instances[i % 2])).status).toBe(400);
      }
      for (const instance of instances) expect((await unlock(link.token, PASSWORD, visitor(), instance)).status).toBe(429);

      const unprotected = await share(folder.id, {}, cookie, a);
      const me = visitor();
      for (const instance of [a, b, a, b]) expect((await open(unprotected.token, undefined, me, instance)).status).toBe(200);
      expect(await views(unprotected.id, a)).toBe(1);
    } finally {
      await close();
    }
  });
});

describe('notes per creative per folder', () => {
  it('are trimmed, limited, private to the owner, and shown on a share only when included', async () => {
    const { folder, ids } = await folderWith(['Notée']);
    const path = `/api/folders/${folder.id}/creatives/${ids[0]}/note`;
    const tooLong = await t.request<ApiError>('PUT', path, { cookie: owner, body: { note: 'x'.repeat(NOTE_MAX + 1) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.note).toBe('La note ne peut pas dépasser 500 caractères');
    expect((await t.request('PUT', path, { cookie: owner, body: { note: 'x'.repeat(NOTE_MAX) } })).status).toBe(200);
    const saved = await t.request<{ note: string | null }>('PUT', path, { cookie: owner, body: { note: '  À montrer au client  ' } });
    expect(saved.body.note).toBe('À montrer au client');

    const stranger = (await t.loginAs('user')).cookie;
    expect((await t.request('PUT', path, { cookie: stranger, body: { note: 'Volée' } })).status).toBe(404);
    const outside = await insertCreative(t.db);
    expect(
      (await t.request('PUT', `/api/folders/${folder.id}/creatives/${outside.id}/note`, { cookie: owner, body: { note: 'Hors dossier' } }))
        .status,
    ).toBe(404);

    const own = await t.request<Page<FolderCreative>>('GET', `/api/folders/${folder.id}/creatives`, { cookie: owner });
    expect(own.body.items[0]!.note).toBe('À montrer au client');

    const without = await share(folder.id);
    const withNotes = await share(folder.id, { includeNotes: true });
    expect((await t.request<SharedFolderPage>('GET', `/api/shares/${without.token}`)).body.items[0]).not.toHaveProperty('note');
    expect((await t.request<FolderCreative>('GET', `/api/shares/${without.token}/creatives/${ids[0]}`)).body).not.toHaveProperty('note');
    expect((await t.request<SharedFolderPage>('GET', `/api/shares/${withNotes.token}`)).body.items[0]!.note).toBe('À montrer au client');
    expect((await t.request<FolderCreative>('GET', `/api/shares/${withNotes.token}/creatives/${ids[0]}`)).body.note).toBe(
      'À montrer au client',
    );

    // Empty (after trimming) removes the note.
    expect((await t.request<{ note: string | null }>('PUT', path, { cookie: owner, body: { note: '   ' } })).body.note).toBeNull();
    expect((await t.request<SharedFolderPage>('GET', `/api/shares/${withNotes.token}`)).body.items[0]!.note).toBeNull();
  });
});

describe('share page headers', () => {
  it('sends no path of the page to other sites (Referrer-Policy)', async () => {
    const res = await t.request('GET', '/api/shares/' + 'x'.repeat(32));
    expect(res.headers.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/);
  });
});
