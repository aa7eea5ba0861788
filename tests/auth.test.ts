import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MSG } from '@domain/messages';
import { user as userTable } from '@server/db/schema';
import type { WebhookSender } from '@server/services/webhooks';
import { createTestApp, createUser, uniqueEmail, type ApiError, type TestApp, type UserBody } from './helpers/test-app';
import { logger } from '@server/log';

/** The auth API end to end on the real database (PGlite, or PostgreSQL with DATABASE_URL). */

const PASSWORD = 'demo1234';

function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Alex',
    lastName: 'Durand',
    email: uniqueEmail('reg'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a user account, signs it in (Set-Cookie) and answers 201', async () => {
    const input = registration({ email: uniqueEmail('New').replace('new', 'NeW'), firstName: '  Alex ', lastName: ' Durand  ' });
    const res = await t.request<UserBody>('POST', '/api/auth/register', { body: input });
    expect(res.status).toBe(201);
    expect(res.setCookies.length).toBeGreaterThan(0);
    expect(res.cookie).toMatch(/session_token=/);
    expect(res.body.user).toMatchObject({
      email: input.email.toLowerCase(),
      firstName: 'Alex',
      lastName: 'Durand',
      role: 'user',
    });
    expect(res.body.user.id).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);

    const session = await t.request<UserBody>('GET', '/api/auth/session', { cookie: res.cookie });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: res.body.user.id, email: input.email.toLowerCase(), role: 'user' });
  });

  it('always creates the role "user", whatever the body says', async () => {
    const input = registration({ role: 'admin' });
    const res = await t.request<UserBody>('POST', '/api/auth/register', { body: input });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('user');
    const [row] = await t.db.select().from(userTable).where(eq(userTable.email, input.email));
    expect(row?.role).toBe('user');
    const session = await t.request<UserBody>('GET', '/api/auth/session', { cookie: res.cookie });
    expect(session.body.user.role).toBe('user');
  });

  it('refuses an e-mail already in use with 409 (whatever its case)', async () => {
    const email = uniqueEmail('dup');
    expect((await t.request('POST', '/api/auth/register', { body: registration({ email }) })).status).toBe(201);
    for (const again of [email, email.toUpperCase()]) {
      const res = await t.request<ApiError>('POST', '/api/auth/register', { body: registration({ email: again, firstName: 'Autre' }) });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('EMAIL_TAKEN');
      expect(res.body.error.fields.email).toBe('Cette adresse email est déjà utilisée');
      expect(res.setCookies).toEqual([]);
    }
    const rows = await t.db.select().from(userTable).where(eq(userTable.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Alex');
  });

  it('gives every required-field message when the body is empty', async () => {
    const res = await t.request<ApiError>('POST', '/api/auth/register', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
    });
    expect(Object.values(res.body.error.fields)).toContain(res.body.error.message);
  });

  it('gives the same messages for empty or blank strings', async () => {
    const res = await t.request<ApiError>('POST', '/api/auth/register', {
      body: { firstName: '   ', lastName: '', email: '  ', password: '', confirmPassword: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
    });
  });

  it.each([
    ['email', { email: undefined }, MSG.emailRequired],
    ['email', { email: '' }, MSG.emailRequired],
    ['email', { email: 'pas-un-email' }, MSG.emailInvalid],
    ['email', { email: 'a b@example.com' }, MSG.emailInvalid],
    ['email', { email: 'alex@example' }, MSG.emailInvalid],
    ['password', { password: undefined }, MSG.passwordRequired],
    // An empty password with a filled confirmation also reads as a mismatch on the confirmation.
    ['password', { password: '' }, MSG.passwordRequired, { confirmPassword: MSG.passwordsMismatch }],
    ['password', { password: '12345', confirmPassword: '12345' }, MSG.passwordMin],
    ['firstName', { firstName: undefined }, MSG.firstNameRequired],
    ['firstName', { firstName: ' ' }, MSG.firstNameRequired],
    ['lastName', { lastName: undefined }, MSG.lastNameRequired],
    ['lastName', { lastName: '' }, MSG.lastNameRequired],
    ['confirmPassword', { confirmPassword: undefined }, MSG.confirmRequired],
    ['confirmPassword', { confirmPassword: '' }, MSG.confirmRequired],
    ['confirmPassword', { confirmPassword: 'demo12345' }, MSG.passwordsMismatch],
  ] as [string, Record<string, unknown>, string, Record<string, string>?][])(
    '400 on %s %j: "%s"',
    async (field, overrides, message, alsoFields) => {
      const body = registration(overrides);
      const res = await t.request<ApiError>('POST', '/api/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'VALIDATION', message, fields: { [field]: message, ...alsoFields } });
      expect(res.setCookies).toEqual([]);
      if (typeof body.email === 'string' && body.email.includes('@example.com')) {
        const rows = await t.db.select().from(userTable).where(eq(userTable.email, body.email));
        expect(rows).toHaveLength(0);
      }
    },
  );

  it('checks the French messages themselves (spec strings)', () => {
    expect(MSG.emailRequired).toBe("L'email est requis");
    expect(MSG.emailInvalid).toBe('Adresse email invalide');
    expect(MSG.passwordRequired).toBe('Le mot de passe est requis');
    expect(MSG.passwordMin).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(MSG.firstNameRequired).toBe('Le prénom est requis');
    expect(MSG.lastNameRequired).toBe('Le nom est requis');
    expect(MSG.confirmRequired).toBe('Veuillez confirmer votre mot de passe');
    expect(MSG.passwordsMismatch).toBe('Les mots de passe ne correspondent pas');
  });

  it('answers 400 VALIDATION to a body that is not JSON', async () => {
    const res = await t.request<ApiError>('POST', '/api/auth/register', {
      body: 'pas du json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });
});

describe('login, session and logout', () => {
  let t: TestApp;
  const email = uniqueEmail('login');
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.deps, { email, role: 'agency', firstName: 'Sophie', lastName: 'Dubois' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/auth/session answers {user: null} without a cookie', async () => {
    const res = await t.request('GET', '/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  it('GET /api/auth/session ignores a forged cookie', async () => {
    const res = await t.request('GET', '/api/auth/session', { cookie: 'creatheque.session_token=forged.value' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  it('logs in with the right password (200, Set-Cookie, the user with its role)', async () => {
    const res = await t.request<UserBody>('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.cookie).toMatch(/session_token=/);
    expect(res.setCookies.join('\n')).toMatch(/HttpOnly/i);
    expect(res.setCookies.join('\n')).toMatch(/SameSite=Lax/i);
    expect(res.body.user).toMatchObject({ email, firstName: 'Sophie', lastName: 'Dubois', role: 'agency' });

    const session = await t.request<UserBody>('GET', '/api/auth/session', { cookie: res.cookie });
    expect(session.body.user).toMatchObject({ email, role: 'agency' });
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await t.request<UserBody>('POST', '/api/auth/login', { body: { email: `  ${email.toUpperCase()} `, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });

  it.each([
    ['a wrong password', () => ({ email, password: 'mauvais-mot' })],
    ['an unknown e-mail', () => ({ email: uniqueEmail('nobody'), password: PASSWORD })],
  ])('answers 401 INVALID_CREDENTIALS to %s, without a cookie', async (_label, body) => {
    const res = await t.request('POST', '/api/auth/login', { body: body() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Email ou mot de passe incorrect' } });
    expect(res.cookie).toBe('');
  });

  it('validates the login form (400 with the French messages)', async () => {
    const empty = await t.request<ApiError>('POST', '/api/auth/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });
    const invalid = await t.request<ApiError>('POST', '/api/auth/login', { body: { email: 'nope', password: PASSWORD } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ email: MSG.emailInvalid });
  });

  it('logout ends the session (the old cookie no longer works)', async () => {
    const cookie = await t.login(email, PASSWORD);
    expect((await t.request<UserBody>('GET', '/api/auth/session', { cookie })).body.user).not.toBeNull();

    const out = await t.request('POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(out.setCookies.join('\n')).toMatch(/session_token=;|Max-Age=0/i);
    expect(out.cookie).not.toMatch(/session_token=/);

    const after = await t.request('GET', '/api/auth/session', { cookie });
    expect(after.body).toEqual({ user: null });
    const me = await t.request('GET', '/api/me', { cookie });
    expect(me.status).toBe(401);
  });

  it('logout without a session still answers 200', async () => {
    const res = await t.request('POST', '/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('/api/me: profile and password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('401 for a visitor on every /api/me route', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/me', undefined],
      ['PATCH', '/api/me', { firstName: 'A', lastName: 'B' }],
      ['POST', '/api/me/password', { currentPassword: PASSWORD, newPassword: 'nouveau1', confirmPassword: 'nouveau1' }],
    ] as const) {
      const res = await t.request<ApiError>(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('GET /api/me returns the signed-in user', async () => {
    const { user, cookie } = await t.loginAs('specialist');
    const res = await t.request<UserBody>('GET', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, role: 'specialist' });
  });

  it('PATCH /api/me refuses empty names (400) and changes nothing', async () => {
    const { user, cookie } = await t.loginAs('user', { firstName: 'Léa', lastName: 'Martin' });
    const res = await t.request<ApiError>('PATCH', '/api/me', { cookie, body: { firstName: '  ', lastName: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields).toEqual({ firstName: MSG.firstNameRequired, lastName: MSG.lastNameRequired });
    const [row] = await t.db.select().from(userTable).where(eq(userTable.id, user.id));
    expect(row).toMatchObject({ firstName: 'Léa', lastName: 'Martin' });
  });

  it('PATCH /api/me trims and saves the names (200), and cannot change the role', async () => {
    const { user, cookie } = await t.loginAs('user');
    const res = await t.request<UserBody>('PATCH', '/api/me', {
      cookie,
      body: { firstName: '  Jean  ', lastName: ' Dupont ', role: 'admin', email: 'pirate@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, firstName: 'Jean', lastName: 'Dupont', role: 'user', email: user.email });
    const session = await t.request<UserBody>('GET', '/api/auth/session', { cookie });
    expect(session.body.user).toMatchObject({ firstName: 'Jean', lastName: 'Dupont', role: 'user', email: user.email });
    const [row] = await t.db.select().from(userTable).where(eq(userTable.id, user.id));
    expect(row).toMatchObject({ firstName: 'Jean', lastName: 'Dupont', name: 'Jean Dupont', role: 'user' });
  });

  it('POST /api/me/password: wrong current password → 400 "Le mot de passe actuel est incorrect"', async () => {
    const { user, cookie } = await t.loginAs('user');
    const res = await t.request<ApiError>('POST', '/api/me/password', {
      cookie,
      body: { currentPassword: 'pas-le-bon', newPassword: 'nouveau1', confirmPassword: 'nouveau1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('WRONG_PASSWORD');
    expect(res.body.error.message).toBe('Le mot de passe actuel est incorrect');
    expect(res.body.error.fields).toEqual({ currentPassword: 'Le mot de passe actuel est incorrect' });
    await expect(t.login(user.email, PASSWORD)).resolves.toMatch(/session_token=/);
  });

  it('POST /api/me/password: validation messages (mismatch, too short, missing)', async () => {
    const { cookie } = await t.loginAs('user');
    const mismatch = await t.request<ApiError>('POST', '/api/me/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'nouveau1', confirmPassword: 'nouveau2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toEqual({
      code: 'VALIDATION',
      message: 'Les mots de passe ne correspondent pas',
      fields: { confirmPassword: 'Les mots de passe ne correspondent pas' },
    });

    const short = await t.request<ApiError>('POST', '/api/me/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: '123', confirmPassword: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ newPassword: MSG.passwordMin });

    const missing = await t.request<ApiError>('POST', '/api/me/password', { cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      currentPassword: MSG.currentPasswordRequired,
      newPassword: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
    });
  });

  it('POST /api/me/password: success → 200; the new password logs in, the old one does not; other sessions end', async () => {
    const { user, cookie } = await t.loginAs('agency');
    const otherDevice = await t.login(user.email, PASSWORD);

    const res = await t.request('POST', '/api/me/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'nouveau-secret', confirmPassword: 'nouveau-secret' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    // The session that changed the password stays signed in (with the cookie the response set, if any).
    const current = res.cookie || cookie;
    expect((await t.request<UserBody>('GET', '/api/auth/session', { cookie: current })).body.user).toMatchObject({ id: user.id });
    // Other sessions are revoked.
    expect((await t.request('GET', '/api/auth/session', { cookie: otherDevice })).body).toEqual({ user: null });

    const old = await t.request<ApiError>('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('INVALID_CREDENTIALS');
    await expect(t.login(user.email, 'nouveau-secret')).resolves.toMatch(/session_token=/);
  });
});

describe('registration webhook', () => {
  it('sends {firstName, lastName, email} to REGISTRATION_WEBHOOK_URL through the sender', async () => {
    const calls: { url: string | undefined; payload: unknown }[] = [];
    const sender: WebhookSender = (url, payload) => calls.push({ url, payload });
    const t = await createTestApp({ webhooks: sender, env: { REGISTRATION_WEBHOOK_URL: 'http://hooks.example.test/inscription' } });
    try {
      const email = uniqueEmail('hook');
      const res = await t.request('POST', '/api/auth/register', {
        body: registration({ email, firstName: ' Zoé ', lastName: 'Lefèvre' }),
      });
      expect(res.status).toBe(201);
      expect(calls).toEqual([{ url: 'http://hooks.example.test/inscription', payload: { firstName: 'Zoé', lastName: 'Lefèvre', email } }]);

      // Failed registrations call nothing.
      await t.request('POST', '/api/auth/register', { body: registration({ email }) });
      await t.request('POST', '/api/auth/register', { body: registration({ confirmPassword: 'autre-chose' }) });
      expect(calls).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  describe('with the real sender and a local webhook server', () => {
    const received: { method?: string; contentType?: string; body: string }[] = [];
    let server: http.Server;
    let baseUrl: string;
    // The real sender logs failed deliveries with logger.warn, possibly after a test ended.
    let warn: MockInstance<typeof logger.warn>;

    beforeAll(async () => {
      warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
      server = http.createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          received.push({ method: req.method, contentType: req.headers['content-type'], body });
          if (req.url === '/slow') {
            // Never answers in time: the sender gives up after its timeout; sign-up must not wait.
            setTimeout(() => res.writeHead(200).end('late'), 10_000).unref();
          } else if (req.url === '/error') {
            res.writeHead(500).end('boom');
          } else {
            res.writeHead(204).end();
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 100));
      warn.mockRestore();
    });

    it.each(['/ok', '/slow', '/error'])('POSTs the JSON body to %s without holding up sign-up', async (hookPath) => {
      const t = await createTestApp({ env: { REGISTRATION_WEBHOOK_URL: `${baseUrl}${hookPath}` } });
      try {
        received.length = 0;
        const email = uniqueEmail('realhook');
        const started = Date.now();
        const res = await t.request('POST', '/api/auth/register', { body: registration({ email, firstName: 'Inès', lastName: 'Roux' }) });
        const elapsed = Date.now() - started;
        expect(res.status).toBe(201);
        // better-auth hashes the password (scrypt) in this time; the webhook must add nothing like 3 s.
        expect(elapsed).toBeLessThan(2500);
        await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000, interval: 20 });
        expect(received[0]!.method).toBe('POST');
        expect(received[0]!.contentType).toMatch(/application\/json/);
        expect(JSON.parse(received[0]!.body)).toEqual({ firstName: 'Inès', lastName: 'Roux', email });
        if (hookPath === '/error') {
          await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('answered 500')), { timeout: 5000 });
        }
      } finally {
        await t.close();
      }
    });

    it('an unreachable webhook URL does not block or break sign-up', async () => {
      // A port that was free a moment ago: connection refused.
      const probe = http.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const deadPort = (probe.address() as AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));

      const t = await createTestApp({ env: { REGISTRATION_WEBHOOK_URL: `http://127.0.0.1:${deadPort}/hook` } });
      try {
        const res = await t.request('POST', '/api/auth/register', { body: registration() });
        expect(res.status).toBe(201);
        await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining(`127.0.0.1:${deadPort}/hook failed`)), {
          timeout: 5000,
        });
      } finally {
        await t.close();
      }
    });
  });
});
