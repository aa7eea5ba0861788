import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Action } from '@domain/permissions';
import type { Role } from '@domain/roles';
import { declaredPolicy } from '@server/http/route-policy';
import { folderCreatives, folderShares, folders, notifications } from '@server/db/schema';
import { hashSharePassword } from '@server/services/shares/share-password';
import { insertCreative, sessionCookieFor, storeTestImage } from '../helpers/fixtures';
import type { Comment } from '@domain/types';
import { createTestApp, createUser, uniqueEmail, type TestApp } from '../helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from '../helpers/uploads';
import { CALLERS, MATRIX, type Caller, type Fixture, type MatrixRow } from './matrix';

let t: TestApp;
const accounts = {} as Record<Role, { id: string; email: string; cookie: string }>;
let otherAgencyId: string;
const shared = {} as Record<
  | 'approved'
  | 'approvedWithMedia'
  | 'pendingOfAgency'
  | 'pendingOfOtherAgency'
  | 'comment'
  | 'mediaFile'
  | 'pendingMediaOfAgency'
  | 'pendingMediaOfOtherAgency',
  string
>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['user', 'agency', 'specialist', 'admin'] as const) {
    const user = await createUser(t.deps, { email: uniqueEmail(role), role });
    accounts[role] = { id: user.id, email: user.email, cookie: await sessionCookieFor(t.deps, user.id) };
  }
  otherAgencyId = (await createUser(t.deps, { email: uniqueEmail('agency'), role: 'agency' })).id;
  const stored = await storeTestImage(t.deps);
  shared.mediaFile = stored.name.replace('creatives/', '');
  shared.approved = (await insertCreative(t.db)).id;
  shared.approvedWithMedia = (await insertCreative(t.db, { mediaId: stored.id })).id;
  shared.pendingOfAgency = (await insertCreative(t.db, { status: 'pending', submittedBy: accounts.agency.id })).id;
  shared.pendingOfOtherAgency = (await insertCreative(t.db, { status: 'pending', submittedBy: otherAgencyId })).id;
  for (const [fixture, submittedBy] of [
    ['pendingMediaOfAgency', accounts.agency.id],
    ['pendingMediaOfOtherAgency', otherAgencyId],
  ] as const) {
    const pending = await storeTestImage(t.deps);
    await insertCreative(t.db, { status: 'pending', submittedBy, mediaId: pending.id });
    shared[fixture] = pending.thumbName!.replace('creatives/', '');
  }
  shared.comment = (
    await t.request<Comment>('POST', `/api/creatives/${shared.approved}/comments`, {
      cookie: accounts.user.cookie,
      body: { text: 'Partagé' },
    })
  ).body.id;
});

afterAll(() => t.close());

async function folderOf(userId: string, creativeIds: string[] = []): Promise<string> {
  const id = (await t.db.insert(folders).values({ userId, name: 'Partagé' }).returning())[0]!.id;
  if (creativeIds.length) await t.db.insert(folderCreatives).values(creativeIds.map((creativeId) => ({ folderId: id, creativeId })));
  return id;
}

let tokens = 0;
/** A share link of a folder holding both approved creatives (of another account than any caller's). */
async function shareOf(options: Partial<typeof folderShares.$inferInsert> = {}, folderId?: string) {
  tokens += 1;
  const token = `matrice${String(tokens).padStart(25, '0')}`;
  const folder = folderId ?? (await folderOf(otherAgencyId, [shared.approved, shared.approvedWithMedia]));
  const [row] = await t.db
    .insert(folderShares)
    .values({ folderId: folder, token, ...options })
    .returning();
  return row!;
}

/** What fills a row's parameters: `:id` (and `:shareId`), or `:token`. */
async function resolveParams(fixture: Fixture, caller: Caller): Promise<{ id: string; shareId?: string; token?: string }> {
  switch (fixture) {
    case 'ownFolderFiled':
      return { id: caller === 'anonymous' ? 'none' : await folderOf(accounts[caller].id, [shared.approved]) };
    case 'otherFolderFiled':
      return { id: await folderOf(otherAgencyId, [shared.approved]) };
    case 'ownShare': {
      if (caller === 'anonymous') return { id: 'none', shareId: 'none' };
      const share = await shareOf({}, await folderOf(accounts[caller].id));
      return { id: share.folderId, shareId: share.id };
    }
    case 'otherShare': {
      const share = await shareOf();
      return { id: share.folderId, shareId: share.id };
    }
    case 'shareOpen':
      return { id: '', token: (await shareOf()).token };
    case 'shareDownloadable':
      return { id: '', token: (await shareOf({ allowDownload: true })).token };
    case 'shareLocked':
      return { id: '', token: (await shareOf({ passwordHash: await hashSharePassword('sesame') })).token };
    case 'shareExpired':
      return { id: '', token: (await shareOf({ expiresAt: new Date(Date.now() - 60_000), allowDownload: true })).token };
    case 'shareRevoked': {
      const share = await shareOf();
      await t.db.delete(folderShares).where(eq(folderShares.id, share.id));
      return { id: '', token: share.token };
    }
    case 'shareUnknown':
      return { id: '', token: 'x'.repeat(32) };
    case 'shareOfOtherFolder':
      return { id: '', token: (await shareOf({ allowDownload: true }, await folderOf(otherAgencyId, [shared.pendingOfAgency]))).token };
    default:
      return { id: await resolveId(fixture, caller) };
  }
}

async function notificationOf(userId: string): Promise<string> {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId, type: 'creative_approved', creativeId: shared.approved })
    .returning({ id: notifications.id });
  return row!.id;
}

async function resolveId(fixture: Fixture, caller: Caller): Promise<string> {
  switch (fixture) {
    case 'ownFolder':
      return caller === 'anonymous'
        ? 'none'
        : (await t.db.insert(folders).values({ userId: accounts[caller].id, name: 'À moi' }).returning())[0]!.id;
    case 'otherFolder':
      return (await t.db.insert(folders).values({ userId: otherAgencyId, name: 'Pas à moi' }).returning())[0]!.id;
    case 'ownNotification':
      return caller === 'anonymous' ? 'none' : notificationOf(accounts[caller].id);
    case 'otherNotification':
      return notificationOf(otherAgencyId);
    case 'freshUser':
      return (await createUser(t.deps, { email: uniqueEmail('cible'), role: 'user' })).id;
    case 'self':
      return caller === 'anonymous' ? 'none' : accounts[caller].id;
    case 'freshApproved':
      return (await insertCreative(t.db)).id;
    case 'freshPending':
      return (await insertCreative(t.db, { status: 'pending', submittedBy: accounts.agency.id })).id;
    case 'freshComment':
      return (
        await t.request<Comment>('POST', `/api/creatives/${shared.approved}/comments`, {
          cookie: accounts.user.cookie,
          body: { text: 'À supprimer' },
        })
      ).body.id;
    default:
      return shared[fixture as keyof typeof shared];
  }
}

async function cookieFor(row: MatrixRow, caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (row.freshSession === 'user') {
    const user = await createUser(t.deps, { email: uniqueEmail(caller), role: caller });
    return sessionCookieFor(t.deps, user.id);
  }
  if (row.freshSession === 'session') return sessionCookieFor(t.deps, accounts[caller].id);
  return accounts[caller].cookie;
}

async function bodyFor(row: MatrixRow, caller: Caller): Promise<unknown> {
  if (row.body === 'creativeForm') {
    return creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'matrice.png', type: 'image/png' });
  }
  if (row.body === 'register') {
    const email = uniqueEmail('register');
    return { firstName: 'Nina', lastName: 'Roux', email, password: 'secret1', confirmPassword: 'secret1' };
  }
  if (row.body === 'forgotPassword') return { email: uniqueEmail('oubli') };
  if (row.body === 'login') {
    return { email: caller === 'anonymous' ? accounts.user.email : accounts[caller].email, password: 'demo1234' };
  }
  return row.body;
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and a registered route for every row', () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path.startsWith('/media/')))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`),
    );
    const covered = new Set(MATRIX.map((row) => `${row.method} ${row.route.split('?')[0]}`));
    expect(registered.size).toBeGreaterThanOrEqual(30);
    expect(
      [...registered].filter((r) => !covered.has(r)),
      'routes missing from tests/authorization/matrix.ts',
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !registered.has(r)),
      'matrix rows without a route',
    ).toEqual([]);
  });

  it("agrees with each route's declared permission: every caller without it is expected to get 401 or 403", () => {
    const declared = new Map<string, Action>();
    for (const r of t.app.routes) {
      const permission = declaredPolicy(r.handler)?.permission;
      if (permission) declared.set(`${r.method} ${r.path.replace(/\/$/, '')}`, permission);
    }
    expect(declared.size).toBeGreaterThan(20);
    const disagreements = MATRIX.flatMap((row) => {
      const permission = declared.get(`${row.method} ${row.route.split('?')[0]}`);
      if (!permission) return [];
      return CALLERS.filter((caller) => {
        const role = caller === 'anonymous' ? null : caller;
        const refused = row.expect[caller] === 401 || row.expect[caller] === 403;
        // A caller with the permission may still be refused by the handler's own rules (an admin's own role).
        return !can(role, permission) && !refused;
      }).map((caller) => `${row.method} ${row.route} ${caller}: expects ${row.expect[caller]}, ${permission} says otherwise`);
    });
    expect(disagreements).toEqual([]);
  });

  for (const row of MATRIX) {
    for (const caller of CALLERS) {
      const name = `${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ''} as ${caller} → ${row.expect[caller]}`;
      it(name, async () => {
        const params = row.id ? await resolveParams(row.id, caller) : { id: '' };
        const path = row.route
          .replace(':shareId', params.shareId ?? '')
          .replace(':token', params.token ?? '')
          .replace(':id', params.id)
          .replace(':file', params.id)
          .replace(':creativeId', shared[row.creative ?? 'approved']);
        const cookie = await cookieFor(row, caller);
        const res = await t.app.request(new URL(path, t.config.publicUrl).toString(), {
          method: row.method,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(row.method === 'GET' ? {} : { origin: t.config.publicUrl }),
            ...(row.body && typeof row.body === 'object' ? { 'content-type': 'application/json' } : {}),
          },
          body: row.body === undefined ? undefined : await encode(await bodyFor(row, caller)),
        });
        await res.body?.cancel();
        expect(res.status).toBe(row.expect[caller]);
      });
    }
  }
});

async function encode(body: unknown): Promise<BodyInit | undefined> {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}
