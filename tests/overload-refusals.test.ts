import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { RETRY_AFTER_SECONDS } from '@server/http/limits/unavailable';
import { insertCreative, insertUsers, sessionCookieFor } from './helpers/fixtures';
import { shedBeyond } from './helpers/shedding-db';
import { createTestApp, createUser, uniqueEmail, type ApiError, type TestApp, type TestResponse, type TestUser } from './helpers/test-app';

/**
 * Beyond its capacity the server refuses — 503, Retry-After and the French message — on every
 * path, better-auth's included: the session lookup that runs for every request carrying a cookie
 * (better-auth's get-session), the current session, a sign-in (better-auth's sign-in/email). Its
 * database refuses there like the server's pool when no connection comes free (AppError
 * UNAVAILABLE), which better-auth used to catch and answer 500 with.
 *
 * A tiny capacity — one expensive read at a time and one waiting, two statements at a time in the
 * database (tests/helpers/shedding-db.ts) — and many concurrent mixed requests: some are refused.
 * Only statuses and bodies are asserted, never times.
 */

/** Far beyond any wait of this test: the deadline never plays, the refusals are the capacity's. */
const NEVER = '600000';

let t: TestApp;
let creativeId: string;
/** One session per signed-in request: each one's lookup goes to the database (no shared lookup, no cache). */
let cookies: string[];
/** Sessions no request has looked up yet (a looked-up one is remembered 2 s: server/auth/session-cache.ts). */
let unseen: string[];
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { RESPONSE_CACHE: 'off', WRITE_RATE_LIMIT: 'off', REQUEST_DEADLINE_MS: NEVER, AUTH_RATE_LIMIT: '1000' },
    capacity: { expensiveSlots: 1, expensiveQueue: 1 },
  });
  for (let i = 0; i < 6; i++) await insertCreative(t.db, { name: `Surcharge ${i}`, advertiser: 'Annonceur surchargé' });
  creativeId = (await insertCreative(t.db, { name: 'Créa du détail' })).id;
  const users = await insertUsers(t.db, 56);
  cookies = await Promise.all(users.slice(0, 48).map((u) => sessionCookieFor(t.deps, u.id)));
  unseen = await Promise.all(users.slice(48).map((u) => sessionCookieFor(t.deps, u.id)));
  member = await createUser(t.deps, { email: uniqueEmail('member'), role: 'user' });
});
afterAll(() => t?.close());

function expectRefused(label: string, res: TestResponse<ApiError>): void {
  expect({ label, status: res.status, body: res.body }).toMatchObject({ label, status: 503 });
  expect(res.headers.get('retry-after'), label).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.body, label).toEqual({ error: { code: 'UNAVAILABLE', message: MSG.overloaded } });
  expect(res.text, label).not.toMatch(/\bat .+:\d+:\d+/); // no stack
}

function expectRefusedOrServed(label: string, res: TestResponse<ApiError>): void {
  if (res.status < 200 || res.status >= 300) expectRefused(label, res);
}

describe('requests beyond capacity', () => {
  it('are served (2xx) or refused with 503, Retry-After and the French message — never 500, better-auth paths included', async () => {
    const next = (() => {
      let i = 0;
      return () => cookies[i++ % cookies.length]!;
    })();
    const mix: [string, () => Promise<TestResponse<ApiError>>][] = [];
    for (let round = 0; round < 8; round++) {
      const signedIn = [next(), next(), next(), next(), next(), next()];
      mix.push(
        ['gallery (visitor)', () => t.request('GET', '/api/creatives')],
        ['gallery (signed in)', () => t.request('GET', '/api/creatives', { cookie: signedIn[0] })],
        ['search (signed in)', () => t.request('GET', '/api/creatives?q=surcharge', { cookie: signedIn[1] })],
        ['facets (visitor)', () => t.request('GET', '/api/creatives/facets')],
        ['facets (signed in)', () => t.request('GET', '/api/creatives/facets', { cookie: signedIn[2] })],
        ['a creative', () => t.request('GET', `/api/creatives/${creativeId}`)],
        ['a creative (signed in)', () => t.request('GET', `/api/creatives/${creativeId}`, { cookie: signedIn[3] })],
        ['session (get-session)', () => t.request('GET', '/api/auth/session', { cookie: signedIn[4] })],
        ['account (signed in)', () => t.request('GET', '/api/me', { cookie: signedIn[5] })],
      );
      if (round % 4 === 0) mix.push(['sign-in', () => t.request('POST', '/api/auth/login', { body: member })]);
    }

    const limit = shedBeyond(t.db, { connections: 2, latencyMs: 5 });
    let responses: TestResponse<ApiError>[];
    try {
      responses = await Promise.all(mix.map(([, send]) => send()));
    } finally {
      limit.restore();
    }

    const statuses = responses.map((res, i) => `${mix[i]![0]}: ${res.status}`);
    expect(statuses.filter((s) => !/: (2\d\d|503)$/.test(s))).toEqual([]);
    responses.forEach((res, i) => expectRefusedOrServed(mix[i]![0], res));
    // The capacity did play, on the session lookups too.
    expect(limit.refused).toBeGreaterThan(0);
    expect(statuses.filter((s) => s.endsWith(': 503')).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => /^session .*: 503$/.test(s)).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => /: 2\d\d$/.test(s)).length).toBeGreaterThan(0);

    // Once the load has gone, everything answers again.
    expect((await t.request('GET', '/api/auth/session', { cookie: cookies[0] })).status).toBe(200);
    expect((await t.request('GET', '/api/creatives/facets')).status).toBe(200);
  });
});

describe('a database that refuses every statement', () => {
  /** What the server meets: its pool shedding load, or PostgreSQL out of reach (pg's errors as they come). */
  const refusals: [string, () => Error][] = [
    ['the pool sheds load (AppError UNAVAILABLE)', () => new AppError('UNAVAILABLE')],
    [
      'PostgreSQL refuses the connection (ECONNREFUSED)',
      () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['PostgreSQL is starting up (57P03)', () => Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['PostgreSQL has no connection left (53300)', () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['the connection is lost', () => new Error('Connection terminated unexpectedly')],
  ];

  it.each(refusals)('%s: the session lookup, the current session and a sign-in answer 503, not 500', async (_, error) => {
    const cookie = unseen.pop()!;
    const limit = shedBeyond(t.db, { connections: 0, error });
    try {
      expectRefused('gallery (signed in)', await t.request('GET', '/api/creatives', { cookie }));
      expectRefused('session (get-session)', await t.request('GET', '/api/auth/session', { cookie }));
      expectRefused('account (signed in)', await t.request('GET', '/api/me', { cookie }));
      expectRefused('sign-in', await t.request('POST', '/api/auth/login', { body: member }));
      expectRefused('a creative', await t.request('GET', `/api/creatives/${creativeId}`));
    } finally {
      limit.restore();
    }
    const session = await t.request<{ user: { id: string } | null }>('GET', '/api/auth/session', { cookie });
    expect(session.status).toBe(200);
    expect(session.body.user).not.toBeNull();
  });

  it("a session the server still remembers, better-auth's own lookup refused: a password change and a sign-out answer 503, not 401 or 500", async () => {
    const cookie = await sessionCookieFor(t.deps, member.id);
    // Remembered now (server/auth/session-cache.ts): the next request's lookup does not reach the
    // database, better-auth's own does (its session middleware used to take the refusal for no session).
    expect((await t.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    const newPassword = 'Nouveau-mot-de-passe-2026';
    const limit = shedBeyond(t.db, { connections: 0 });
    try {
      const body = { currentPassword: member.password, newPassword, confirmPassword: newPassword };
      expectRefused('password change', await t.request('POST', '/api/me/password', { cookie, body }));
      expectRefused('sign-out', await t.request('POST', '/api/auth/logout', { cookie }));
    } finally {
      limit.restore();
    }
    expect((await t.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
  });
});
