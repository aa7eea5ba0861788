import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@domain/roles';
import { MSG } from '@domain/messages';
import type { Comment } from '@domain/types';
import { folders } from '@server/db/schema';
import { ADMIN_FORM, MATRIX } from './authorization/matrix';
import { storeDigester, type StoreDigest } from './helpers/db-digest';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type ApiError, type TestApp } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Issue 14, defects 2 and 4: text the database cannot store, ids that cannot exist and values of
 * the wrong type are refused before any query, with French messages, and nothing is written.
 */

let t: TestApp;
let digest: () => Promise<StoreDigest>;
const cookies = {} as Record<Exclude<Role, 'specialist'>, string>;
const ids = {} as Record<'approved' | 'pending' | 'folder' | 'adminFolder' | 'comment', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['user', 'agency', 'admin'] as const) cookies[role] = (await t.loginAs(role)).cookie;
  const me = async (cookie: string) => (await t.request<{ user: { id: string } }>('GET', '/api/me', { cookie })).body.user.id;
  const folderOf = async (userId: string) => (await t.db.insert(folders).values({ userId, name: 'Mes idées' }).returning())[0]!.id;
  ids.approved = (await insertCreative(t.db)).id;
  ids.pending = (await insertCreative(t.db, { status: 'pending' })).id;
  ids.folder = await folderOf(await me(cookies.user));
  ids.adminFolder = await folderOf(await me(cookies.admin));
  ids.comment = (
    await t.request<Comment>('POST', `/api/creatives/${ids.approved}/comments`, { cookie: cookies.user, body: { text: 'Bien' } })
  ).body.id;
  digest = await storeDigester(t.db, t.dataDir);
});
afterAll(() => t.close());

interface Probe {
  caller: keyof typeof cookies | null;
  method: string;
  path: () => string;
  /** The field refused, as the error's `fields` names it. */
  field: string;
  body?: (bad: string) => unknown;
  /** Builds the path with the bad text in it (query parameters). */
  query?: (bad: string) => string;
}

const register = (bad: string) => ({
  firstName: 'Léa',
  lastName: bad,
  email: uniqueEmail(),
  password: 'secret1',
  confirmPassword: 'secret1',
});

const TEXT_PROBES: Probe[] = [
  { caller: null, method: 'POST', path: () => '/api/auth/register', field: 'lastName', body: register },
  {
    caller: null,
    method: 'POST',
    path: () => '/api/auth/login',
    field: 'email',
    body: (bad) => ({ email: `a${bad}@b.fr`, password: 'secret1' }),
  },
  { caller: 'user', method: 'PATCH', path: () => '/api/me', field: 'firstName', body: (bad) => ({ firstName: bad, lastName: 'Martin' }) },
  { caller: 'user', method: 'POST', path: () => `/api/creatives/${ids.approved}/comments`, field: 'text', body: (bad) => ({ text: bad }) },
  { caller: 'user', method: 'POST', path: () => '/api/folders', field: 'name', body: (bad) => ({ name: bad }) },
  { caller: 'user', method: 'PATCH', path: () => `/api/folders/${ids.folder}`, field: 'name', body: (bad) => ({ name: bad }) },
  {
    caller: 'admin',
    method: 'POST',
    path: () => `/api/creatives/${ids.pending}/reject`,
    field: 'reason',
    body: (bad) => ({ reason: bad }),
  },
  {
    caller: 'admin',
    method: 'POST',
    path: () => `/api/creatives/${ids.approved}/feature`,
    field: 'analyzedBy',
    body: (bad) => ({ analyzedBy: bad, rating: 4 }),
  },
  {
    caller: 'admin',
    method: 'POST',
    path: () => '/api/admin/creatives',
    field: 'advertiser',
    body: (bad) => ({ ...ADMIN_FORM, advertiser: bad }),
  },
  {
    caller: 'admin',
    method: 'PATCH',
    path: () => `/api/creatives/${ids.approved}`,
    field: 'desire',
    body: (bad) => creativeForm({ ...VALID_FORM, desire: bad }),
  },
  { caller: null, method: 'GET', path: () => '/api/creatives', field: 'q', query: (bad) => `/api/creatives?q=${bad}` },
  { caller: 'user', method: 'GET', path: () => '/api/creatives', field: 'q', query: (bad) => `/api/creatives?q=${bad}` },
  { caller: 'user', method: 'GET', path: () => '/api/favorites', field: 'q', query: (bad) => `/api/favorites?q=${bad}` },
  {
    caller: 'user',
    method: 'GET',
    path: () => '/api/folders',
    field: 'q',
    query: (bad) => `/api/folders/${ids.folder}/creatives?q=${bad}`,
  },
  { caller: 'admin', method: 'GET', path: () => '/api/users', field: 'q', query: (bad) => `/api/users?q=${bad}` },
  { caller: null, method: 'GET', path: () => '/api/creatives', field: 'cursor', query: (bad) => `/api/creatives?cursor=${bad}` },
  {
    caller: 'admin',
    method: 'GET',
    path: () => '/api/review/creatives',
    field: 'cursor',
    query: (bad) => `/api/review/creatives?status=pending&cursor=${bad}`,
  },
];

describe('text the database cannot store as sent', () => {
  // A lone surrogate cannot travel in a URL (it is not UTF-8): query strings are tried with NUL only.
  const BAD_JSON = { nul: 'Léa\u0000', lone: 'Léa\ud83d' } as const;

  it.each(TEXT_PROBES.map((p) => [`${p.method} ${p.query ? p.query('…') : p.path()} (${p.field})`, p] as const))(
    '%s: 400 with a French message, nothing written',
    async (_, probe) => {
      const cases = probe.query ? [['nul', probe.query('%00')] as const] : Object.entries(BAD_JSON).map(([k, bad]) => [k, bad] as const);
      for (const [kind, bad] of cases) {
        const before = await digest();
        const res = probe.query
          ? await t.request<ApiError>('GET', bad, { cookie: probe.caller ? cookies[probe.caller] : undefined })
          : await t.request<ApiError>(probe.method, probe.path(), {
              cookie: probe.caller ? cookies[probe.caller] : undefined,
              body: probe.body!(bad),
            });
        expect(res.status, `${kind}: ${res.text}`).toBe(400);
        expect(res.body.error).toEqual({
          code: 'VALIDATION',
          message: MSG.invalidCharacters,
          fields: { [probe.field]: MSG.invalidCharacters },
        });
        expect(await digest(), kind).toEqual(before);
      }
    },
  );

  it("refuses NUL in a submission's data and removes its uploaded file", async () => {
    const before = await digest();
    const form = creativeForm({ ...VALID_FORM, name: 'Créa\u0000' }, { bytes: await pngBytes(), name: 'visuel.png', type: 'image/png' });
    const res = await t.request<ApiError>('POST', '/api/creatives', { cookie: cookies.agency, body: form });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ name: MSG.invalidCharacters });
    expect(await digest()).toEqual(before);
  });

  it('stores what it accepts as it was sent: emoji, right-to-left marks, zero-width characters', async () => {
    const name = 'ש\u200f😀\u200b\ufeffé';
    const res = await t.request<{ id: string; name: string }>('POST', '/api/folders', { cookie: cookies.user, body: { name } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(name);
    const search = await t.request('GET', `/api/creatives?q=${encodeURIComponent(name)}`);
    expect(search.status).toBe(200);
  });

  it('reads a query value that is not valid UTF-8 as the text it is', async () => {
    const res = await t.request('GET', '/api/creatives?q=%ED%A0%80%FF');
    expect(res.status).toBe(200);
  });
});

describe('one-line names: whitespace folded, other control characters refused', () => {
  const ONE_LINE_FIELDS = new Set(['firstName', 'lastName', 'name', 'analyzedBy', 'advertiser']);
  const ONE_LINE_PROBES: Probe[] = [
    ...TEXT_PROBES.filter((p) => !p.query && ONE_LINE_FIELDS.has(p.field)),
    { caller: 'admin', method: 'POST', path: () => '/api/admin/creatives', field: 'name', body: (bad) => ({ ...ADMIN_FORM, name: bad }) },
    {
      caller: 'admin',
      method: 'PATCH',
      path: () => `/api/creatives/${ids.approved}`,
      field: 'name',
      body: (bad) => creativeForm({ ...VALID_FORM, name: bad }),
    },
  ];

  it('covers the register, profile, folder, analyst, admin form and creative names', () => {
    expect(ONE_LINE_PROBES.map((p) => `${p.method} ${p.path()} ${p.field}`.replace(/[0-9a-f-]{36}/g, ':id'))).toEqual([
      'POST /api/auth/register lastName',
      'PATCH /api/me firstName',
      'POST /api/folders name',
      'PATCH /api/folders/:id name',
      'POST /api/creatives/:id/feature analyzedBy',
      'POST /api/admin/creatives advertiser',
      'POST /api/admin/creatives name',
      'PATCH /api/creatives/:id name',
    ]);
  });

  it.each(ONE_LINE_PROBES.map((p) => [`${p.method} ${p.path()} (${p.field})`, p] as const))(
    '%s: 400 with a French message for a control character, nothing written',
    async (_, probe) => {
      for (const bad of ['Léa\u0007', '\u001b[31mLéa', 'Lé\u007fa']) {
        const before = await digest();
        const res = await t.request<ApiError>(probe.method, probe.path(), {
          cookie: probe.caller ? cookies[probe.caller] : undefined,
          body: probe.body!(bad),
        });
        expect(res.status, `${JSON.stringify(bad)}: ${res.text}`).toBe(400);
        expect(res.body.error).toEqual({
          code: 'VALIDATION',
          message: MSG.controlCharacters,
          fields: { [probe.field]: MSG.controlCharacters },
        });
        expect(await digest()).toEqual(before);
      }
    },
  );

  const MULTI_LINE = '  Idées\r\n\td’été\u2028  2026\n';
  const FOLDED = 'Idées d’été 2026';

  it('stores a folder name sent on several lines as one line, on creation and on renaming', async () => {
    const created = await t.request<{ id: string; name: string }>('POST', '/api/folders', {
      cookie: cookies.user,
      body: { name: MULTI_LINE },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.name).toBe(FOLDED);
    const renamed = await t.request<{ name: string }>('PATCH', `/api/folders/${created.body.id}`, {
      cookie: cookies.user,
      body: { name: `Refs\n\n${MULTI_LINE}` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe(`Refs ${FOLDED}`);
    const listed = await t.request<{ id: string; name: string }[]>('GET', '/api/folders', { cookie: cookies.user });
    expect(listed.body.find((f) => f.id === created.body.id)?.name).toBe(`Refs ${FOLDED}`);
  });

  it('stores first and last names sent on several lines as one line, on sign-up and in the profile', async () => {
    const { cookie } = await t.loginAs('user');
    const profile = await t.request<{ user: { firstName: string; lastName: string } }>('PATCH', '/api/me', {
      cookie,
      body: { firstName: 'Léa\n\tMarie', lastName: '\r\nMartin\u0085Durand ' },
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.user).toMatchObject({ firstName: 'Léa Marie', lastName: 'Martin Durand' });
    const email = uniqueEmail();
    const registered = await t.request<{ user: { firstName: string; lastName: string } }>('POST', '/api/auth/register', {
      body: { firstName: 'Jean\r\nPaul', lastName: 'Sol\t\tRey', email, password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.user).toMatchObject({ firstName: 'Jean Paul', lastName: 'Sol Rey' });
  });
});

describe('ids that none of ours can be', () => {
  // Every route of the matrix with an id in its path, called by the admin (allowed on all of them)
  // with the row's valid body: only the id is wrong.
  const ID_ROWS = MATRIX.filter((r) => r.route.includes('/:id') && !r.variant);
  const ODD_IDS = ['%00', 'a%00b', 'x'.repeat(200), '%C3%A9t%C3%A9', '%E2%80%AE', 'a%2Fb', "'%20OR%201=1"];

  it('covers every id route of the matrix', () => {
    expect(new Set(ID_ROWS.map((r) => `${r.method} ${r.route}`)).size).toBe(
      new Set(MATRIX.filter((r) => r.route.includes('/:id')).map((r) => `${r.method} ${r.route}`)).size,
    );
  });

  it.each(ID_ROWS.map((r) => [`${r.method} ${r.route}`, r] as const))('%s: 404 JSON before any query, nothing written', async (_, row) => {
    const paths = ODD_IDS.flatMap((odd) => [
      row.route.replace(':id', odd).replace(':creativeId', ids.approved),
      ...(row.route.includes(':creativeId') ? [row.route.replace(':id', ids.adminFolder).replace(':creativeId', odd)] : []),
    ]);
    for (const path of paths) {
      const before = await digest();
      const body = row.body === 'creativeForm' ? creativeForm(VALID_FORM) : row.body;
      const res = await t.request<ApiError>(row.method, path, { cookie: cookies.admin, body });
      expect(res.status, `${row.method} ${path}: ${res.text}`).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(await digest()).toEqual(before);
    }
  });
});

describe('cursors that decode to keys the database cannot compare', () => {
  const cursor = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
  const NOW = '2026-01-01T00:00:00.000Z';
  const TAMPERED = [cursor([NOW, 'a\u0000b']), cursor(['-271821-04-20T00:00:00.000Z', 'x']), cursor(['+275760-09-13T00:00:00.000Z', 'x'])];
  const BY_LIKES = [
    cursor([1.5, NOW, 'x']),
    cursor([1e308, NOW, 'x']),
    Buffer.from(`[1e400,"${NOW}","x"]`).toString('base64url'),
    cursor([1, NOW, '\u0000']),
  ];

  it.each([
    ['the gallery', '/api/creatives?', null],
    ['the gallery by likes', '/api/creatives?sort=likes&', null],
    ['the comments', () => `/api/creatives/${ids.approved}/comments?`, null],
    ['the favourites', '/api/favorites?', 'user'],
    ['a folder', () => `/api/folders/${ids.folder}/creatives?`, 'user'],
    ['the review queue', '/api/review/creatives?status=pending&', 'admin'],
    ['the users', '/api/users?', 'admin'],
  ] as const)('%s: 400 "Curseur de pagination invalide"', async (_, path, caller) => {
    const base = typeof path === 'function' ? path() : path;
    for (const tampered of base.includes('likes') ? BY_LIKES : TAMPERED) {
      const res = await t.request<ApiError>('GET', `${base}cursor=${tampered}`, { cookie: caller ? cookies[caller] : undefined });
      expect(res.status, Buffer.from(tampered, 'base64url').toString()).toBe(400);
      expect(res.body.error).toEqual({ code: 'VALIDATION', message: MSG.invalidCursor });
    }
  });
});

describe("passwords over better-auth's limit", () => {
  const long = 'p'.repeat(129);

  it('are refused by the form on change, sign-up and sign-in, never a 500 (found by the fuzz suite)', async () => {
    const { cookie } = await t.loginAs('user');
    const before = await digest();
    const change = await t.request<ApiError>('POST', '/api/me/password', {
      cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: long, confirmPassword: long },
    });
    expect(change.status).toBe(400);
    expect(change.body.error.fields).toEqual({ newPassword: MSG.passwordMax });
    const current = await t.request<ApiError>('POST', '/api/me/password', {
      cookie,
      body: { currentPassword: long, newPassword: 'nouveau1', confirmPassword: 'nouveau1' },
    });
    expect(current.body.error.fields).toEqual({ currentPassword: MSG.passwordMax });
    const signUp = await t.request<ApiError>('POST', '/api/auth/register', {
      body: { ...register('Roux'), password: long, confirmPassword: long },
    });
    expect(signUp.body.error.fields).toEqual({ password: MSG.passwordMax });
    const signIn = await t.request<ApiError>('POST', '/api/auth/login', { body: { email: 'lea@exemple.fr', password: long } });
    expect(signIn.body.error.fields).toEqual({ password: MSG.passwordMax });
    expect(await digest()).toEqual(before);
  });
});
