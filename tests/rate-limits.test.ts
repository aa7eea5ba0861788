import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { Role } from '@domain/roles';
import { FREE_ATTEMPTS } from '@server/auth/sign-in-backoff';
import { parseEnv } from '@server/env';
import { scaledBudgets, WRITE_BUDGETS, type WriteKind } from '@server/http/limits/write-budgets';
import { insertCreative, insertUsers, sessionCookieFor } from './helpers/fixtures';
import { createTestApp, createUser, uniqueEmail, type ApiError, type TestApp, type TestResponse } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * The write budgets and the sign-in back-off, on a clock the tests move (no waiting). The app
 * runs at a tenth of the budgets (WRITE_RATE_LIMIT=0.1) so that each kind runs out in a few
 * requests; the expected figures are read from the same table. Behind a trusted proxy, each test
 * takes client addresses of its own from X-Forwarded-For.
 */
const FACTOR = 0.1;
const budgets = scaledBudgets(FACTOR);

let t: TestApp;
let clock = Date.parse('2030-01-01T00:00:00Z');
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

let lastAddress = 0;
const newAddress = () => {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

interface Caller {
  cookie?: string;
  address: string;
}

function send<T = ApiError>(caller: Caller, method: string, path: string, body?: unknown): Promise<TestResponse<T>> {
  return t.request<T>(method, path, { cookie: caller.cookie, body, headers: { 'x-forwarded-for': caller.address } });
}

/** A new account (no password: a session made directly) calling from a new address. */
async function newCaller(role: Role = 'user'): Promise<Caller & { id: string }> {
  const [row] = await insertUsers(t.db, 1, role);
  return { id: row!.id, cookie: await sessionCookieFor(t.deps, row!.id), address: newAddress() };
}

let approvedId: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', WRITE_RATE_LIMIT: String(FACTOR), AUTH_RATE_LIMIT: '10000' }, now: () => clock });
  approvedId = (await insertCreative(t.db)).id;
  png = await pngBytes();
});
afterAll(() => t.close());

/** For each kind: who writes, one write of that kind (the i-th), and the status it gets within the budget. */
const WRITES: Record<WriteKind, { role: Role | null; ok: number; write(caller: Caller, i: number): Promise<TestResponse> }> = {
  submission: {
    role: 'agency',
    ok: 201,
    write: (caller, i) =>
      send(
        caller,
        'POST',
        '/api/creatives',
        creativeForm({ ...VALID_FORM, name: `Limite ${i}` }, { bytes: png, name: 'a.png', type: 'image/png' }),
      ),
  },
  comment: {
    role: 'user',
    ok: 201,
    write: (caller, i) => send(caller, 'POST', `/api/creatives/${approvedId}/comments`, { text: `Avis ${i}` }),
  },
  like: { role: 'user', ok: 200, write: (caller, i) => send(caller, i % 2 ? 'DELETE' : 'POST', `/api/creatives/${approvedId}/like`) },
  folder: { role: 'user', ok: 201, write: (caller, i) => send(caller, 'POST', '/api/folders', { name: `Dossier ${i}` }) },
  registration: {
    role: null,
    ok: 201,
    write: (caller) =>
      send(caller, 'POST', '/api/auth/register', {
        firstName: 'Nina',
        lastName: 'Roux',
        email: uniqueEmail('limite'),
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
  },
  // A wrong password on a fresh address each time: the per-account back-off never starts.
  session: {
    role: null,
    ok: 401,
    write: (caller) => send(caller, 'POST', '/api/auth/login', { email: uniqueEmail('inconnu'), password: 'mauvais1' }),
  },
  notification: { role: 'user', ok: 200, write: (caller) => send(caller, 'POST', '/api/notifications/read-all') },
  // A new e-mail address each time: the per-address limit (tests/password-reset.test.ts) never starts.
  passwordReset: {
    role: null,
    ok: 200,
    write: (caller) => send(caller, 'POST', '/api/auth/forgot-password', { email: uniqueEmail('oubli') }),
  },
  account: { role: 'user', ok: 200, write: (caller, i) => send(caller, 'PATCH', '/api/me', { firstName: `Prénom${i}`, lastName: 'Nom' }) },
  staff: {
    role: 'admin',
    ok: 200,
    write: (caller, i) => send(caller, 'POST', `/api/creatives/${approvedId}/feature`, { analyzedBy: `Analyste ${i}`, rating: 4 }),
  },
  // A read, budgeted all the same (its route declares the budget).
  export: { role: 'user', ok: 200, write: (caller) => send(caller, 'GET', '/api/me/export') },
  unknown: { role: 'user', ok: 404, write: (caller) => send(caller, 'POST', '/api/nulle-part') },
};

/** Expects a 429 RATE_LIMITED whose Retry-After is `seconds` and whose French message says so. */
function expectRefused(res: TestResponse, seconds: number, message: (s: number) => string = MSG.tooManyWrites) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(seconds));
  expect((res.body as ApiError).error).toMatchObject({ code: 'RATE_LIMITED', message: message(seconds) });
}

describe('write budgets', () => {
  it('are on by default, and WRITE_RATE_LIMIT multiplies them or turns them off', () => {
    expect(parseEnv({}).WRITE_RATE_LIMIT).toBe(1);
    expect(parseEnv({ WRITE_RATE_LIMIT: 'off' }).WRITE_RATE_LIMIT).toBe('off');
    expect(() => parseEnv({ WRITE_RATE_LIMIT: '0' })).toThrow(/WRITE_RATE_LIMIT/);
    expect(budgets.comment.account!.limit).toBe(Math.round(WRITE_BUDGETS.comment.account.limit * FACTOR));
  });

  for (const kind of Object.keys(WRITES) as WriteKind[]) {
    const { role, ok, write } = WRITES[kind];
    const budget = (role && budgets[kind].account) || budgets[kind].client;
    const retryAfter = Math.ceil(budget.windowSeconds / budget.limit);
    it(`${kind}: ${budget.limit} writes, then 429 with Retry-After ${retryAfter} s, then one more once it has passed`, async () => {
      const caller = role ? await newCaller(role) : { address: newAddress() };
      for (let i = 0; i < budget.limit; i++) expect((await write(caller, i)).status).toBe(ok);
      expectRefused(await write(caller, budget.limit), retryAfter);
      advance(retryAfter - 1);
      expectRefused(await write(caller, budget.limit), 1);
      advance(1);
      expect((await write(caller, budget.limit)).status).toBe(ok);
      expectRefused(await write(caller, budget.limit + 1), retryAfter);
    });
  }

  it('hold per client address across accounts', async () => {
    const { account, client } = budgets.comment;
    const address = newAddress();
    const comment = (caller: Caller) => send(caller, 'POST', `/api/creatives/${approvedId}/comments`, { text: 'Même adresse' });
    for (let n = 0; n < client.limit / account!.limit; n++) {
      const caller = { ...(await newCaller()), address };
      for (let i = 0; i < account!.limit; i++) expect((await comment(caller)).status).toBe(201);
    }
    const newcomer = { ...(await newCaller()), address };
    expectRefused(await comment(newcomer), Math.ceil(client.windowSeconds / client.limit));
    expect((await comment({ ...newcomer, address: newAddress() })).status).toBe(201);
  });

  it('count a proxied client by the address the proxy adds, not by the ones it sent', async () => {
    const address = newAddress();
    const { limit, windowSeconds } = budgets.unknown.client;
    const probe = (i: number) => send({ address: `10.0.0.${i}, ${address}` }, 'POST', '/api/nulle-part');
    for (let i = 0; i < limit; i++) expect((await probe(i)).status).toBe(404);
    expectRefused(await probe(limit), Math.ceil(windowSeconds / limit));
  });

  it('leave a loopback peer (this machine, or a local proxy without TRUST_PROXY) to the account budgets', async () => {
    const local = { address: '127.0.0.1' };
    const { limit } = budgets.registration.client;
    for (let i = 0; i <= limit; i++) {
      const email = uniqueEmail('local');
      const body = { email, password: 'demo1234', confirmPassword: 'demo1234', firstName: 'Local', lastName: `N${i}` };
      expect((await send(local, 'POST', '/api/auth/register', body)).status).toBe(201);
    }
    const { account } = budgets.comment;
    const caller = { ...(await newCaller()), address: '::1' };
    const comment = () => send(caller, 'POST', `/api/creatives/${approvedId}/comments`, { text: 'Depuis cette machine' });
    for (let i = 0; i < account!.limit; i++) expect((await comment()).status).toBe(201);
    expectRefused(await comment(), Math.ceil(account!.windowSeconds / account!.limit));
  });

  it('hold per account across addresses', async () => {
    const { account } = budgets.comment;
    const caller = await newCaller();
    const comment = () => send({ ...caller, address: newAddress() }, 'POST', `/api/creatives/${approvedId}/comments`, { text: 'Ailleurs' });
    for (let i = 0; i < account!.limit; i++) expect((await comment()).status).toBe(201);
    expectRefused(await comment(), Math.ceil(account!.windowSeconds / account!.limit));
  });

  it('are all lifted by WRITE_RATE_LIMIT=off', async () => {
    const open = await createTestApp({ env: { WRITE_RATE_LIMIT: 'off' } });
    try {
      const [row] = await insertUsers(open.db, 1);
      const cookie = await sessionCookieFor(open.deps, row!.id);
      const id = (await insertCreative(open.db)).id;
      for (let i = 0; i <= WRITE_BUDGETS.comment.account.limit; i++) {
        expect((await open.request('POST', `/api/creatives/${id}/comments`, { cookie, body: { text: `Libre ${i}` } })).status).toBe(201);
      }
    } finally {
      await open.close();
    }
  });
});

describe('sign-in back-off', () => {
  const DELAYS = [1, 2, 4, 8, 16, 32, 60, 60];

  /** A sign-in from a new address each time: the back-off is per account, whatever the address. */
  const signIn = (email: string, password: string, cookie?: string) =>
    send<ApiError>({ address: newAddress(), cookie }, 'POST', '/api/auth/login', { email, password });

  /**
   * FREE_ATTEMPTS wrong passwords, then for each expected wait: an attempt (refused), that wait,
   * a wrong password again. What it sees: statuses and Retry-After values.
   */
  async function transcript(email: string): Promise<Array<[number, string | null]>> {
    const seen: Array<[number, string | null]> = [];
    const attempt = async () => {
      const res = await signIn(email, 'mauvais1');
      const retryAfter = res.headers.get('retry-after');
      seen.push([res.status, retryAfter]);
      if (res.status === 429) expect(res.body.error.message).toBe(MSG.signInBackoff(Number(retryAfter)));
      return Number(retryAfter);
    };
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attempt();
    for (let round = 0; round < DELAYS.length; round++) {
      advance(await attempt());
      await attempt();
    }
    return seen;
  }

  const EXPECTED: Array<[number, string | null]> = [
    ...Array.from({ length: FREE_ATTEMPTS }, (): [number, null] => [401, null]),
    ...DELAYS.flatMap((d): Array<[number, string | null]> => [
      [429, String(d)],
      [401, null],
    ]),
  ];

  it('after a few failures makes each attempt wait, doubling up to a minute, whatever the address', async () => {
    const user = await createUser(t.deps, { email: uniqueEmail('cible'), role: 'user' });
    expect(await transcript(user.email)).toEqual(EXPECTED);
  });

  it('answers an unknown e-mail address exactly as a known one (no account enumeration)', async () => {
    expect(await transcript(uniqueEmail('personne'))).toEqual(EXPECTED);
  });

  it('holds the right password back too, and a success starts the count again', async () => {
    const user = await createUser(t.deps, { email: uniqueEmail('cible'), role: 'user' });
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await signIn(user.email, 'mauvais1')).status).toBe(401);
    expectRefused(await signIn(user.email, user.password), 1, MSG.signInBackoff);
    advance(1);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await signIn(user.email, 'mauvais1')).status).toBe(401);
    expectRefused(await signIn(user.email, 'mauvais1'), 1, MSG.signInBackoff);
  });

  it("lets the account's own browser in while a guesser keeps the back-off running", async () => {
    const user = await createUser(t.deps, { email: uniqueEmail('cible'), role: 'user' });
    const other = await createUser(t.deps, { email: uniqueEmail('autre'), role: 'user' });
    const first = await signIn(user.email, user.password);
    const device = first.setCookies.find((c) => c.startsWith('creatheque.device='));
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/api\/auth/i);
    const mark = device!.split(';')[0]!;

    for (let i = 0; i <= FREE_ATTEMPTS; i++) await signIn(user.email, 'mauvais1');
    for (let i = 0; i <= FREE_ATTEMPTS; i++) await signIn(other.email, 'mauvais1');
    expect((await signIn(user.email, user.password)).status).toBe(429);
    expect((await signIn(user.email, user.password, mark)).status).toBe(200);
    // The mark is for that account only.
    expect((await signIn(other.email, other.password, mark)).status).toBe(429);
  });
});
