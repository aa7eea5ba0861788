import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_TTL_SECONDS } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { DeviceSession, User } from '@domain/types';
import { RESET_MAIL } from '@server/auth/password-reset-mail';
import { verification } from '@server/db/schema';
import { RESET_EMAILS_PER_ADDRESS, scaledBudgets } from '@server/http/limits/write-budgets';
import { createMailer, type Mailer, type MailMessage } from '@server/mail/mailer';
import { openTestRedis, probeRedis } from '@server/redis/test-redis';
import { startSmtpServer, type SmtpSink } from './helpers/smtp-server';
import { createTestApp, uniqueEmail, type ApiError, type TestApp } from './helpers/test-app';

/**
 * The forgotten password end to end through a real SMTP server (issue 19): the mail and its link,
 * one hour, single use, every session signed out, no account enumeration, the limits per e-mail
 * address and per client; and the account page's list of signed-in devices. PGlite by default,
 * PostgreSQL with DATABASE_URL.
 */

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let t: TestApp;
let sink: SmtpSink;
let clock = Date.now();
let lastAddress = 0;
/** A client address of its own (behind TRUST_PROXY), so that each test starts with fresh per-client limits. */
const newAddress = () => {
  lastAddress += 1;
  return `203.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

beforeAll(async () => {
  sink = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: sink.url, from: 'Créathèque <ne-pas-repondre@example.com>', outboxDir: '/nonexistent' });
  t = await createTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '10000' }, mailer, now: () => clock });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function post<T = ApiError>(path: string, body: unknown, options: { address?: string; cookie?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? newAddress() };
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  return t.request<T>('POST', path, { body, cookie: options.cookie, headers });
}

const forgot = (email: string, address?: string) => post<{ message: string }>('/api/auth/forgot-password', { email }, { address });
const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
  post('/api/auth/reset-password', { token, newPassword, confirmPassword });

async function signIn(email: string, password: string, userAgent = CHROME): Promise<string> {
  const res = await post('/api/auth/login', { email, password }, { userAgent });
  expect(res.status).toBe(200);
  return res.cookie;
}

async function sessionUser(cookie: string): Promise<User | null> {
  return (await t.request<{ user: User | null }>('GET', '/api/auth/session', { cookie })).body.user;
}

/** The token of the link in the last mail to `email`, after checking the link opens our own page. */
async function tokenFromMail(email: string): Promise<string> {
  const mail = await sink.next((m) => m.to.includes(email) && !consumed.has(m));
  consumed.add(mail);
  const link = new RegExp(`${t.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]+)`);
  const token = link.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  expect(mail.html).toContain(`/reset-password?token=${token}`);
  return token!;
}
const consumed = new Set<unknown>();

/** How many reset links of this user better-auth still holds (rows of `verification`). */
async function resetLinksOf(userId: string): Promise<number> {
  const rows = await t.db
    .select({ id: verification.id })
    .from(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
  return rows.length;
}

describe('forgotten password, end to end through SMTP', () => {
  it('mails a link to our /reset-password page; the new password works, the old one no longer, every session ends', async () => {
    const account = await t.signUp();
    const laptop = await signIn(account.email, account.password, CHROME);
    const phone = await signIn(account.email, account.password, FIREFOX);

    const asked = await forgot(account.email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: MSG.resetRequested });

    const mail = await sink.next((m) => m.to.includes(account.email));
    expect(mail.subject).toBe(RESET_MAIL.subject);
    expect(mail.text).toContain(RESET_MAIL.validity);
    expect(mail.text).toContain(RESET_MAIL.footer);
    expect(mail.html).toContain(RESET_MAIL.action);
    const token = await tokenFromMail(account.email);

    const done = await reset(token, 'nouveau-secret');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });

    for (const cookie of [account.cookie, laptop, phone]) expect(await sessionUser(cookie)).toBeNull();
    expect((await post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401);
    expect(await sessionUser(await signIn(account.email, 'nouveau-secret'))).toMatchObject({ email: account.email });
  });

  it('works once: the same link again is refused with the French message', async () => {
    const account = await t.signUp();
    await forgot(account.email);
    const token = await tokenFromMail(account.email);
    expect((await reset(token, 'premier1')).status).toBe(200);
    const again = await reset(token, 'second22');
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({ code: 'GONE', message: MSG.resetLinkInvalid });
    await signIn(account.email, 'premier1');
  });

  it("dies with the password it was sent for: a reset ends the account's other links", async () => {
    const account = await t.signUp();
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await forgot(account.email)).status).toBe(200);
      tokens.push(await tokenFromMail(account.email));
    }
    const [first, second, newest] = tokens as [string, string, string];
    expect((await reset(second, 'le-bon-secret')).status).toBe(200);
    for (const older of [first, newest]) {
      const refused = await reset(older, 'un-autre-secret');
      expect(refused.status).toBe(410);
      expect(refused.body.error).toEqual({ code: 'GONE', message: MSG.resetLinkInvalid });
    }
    expect(await resetLinksOf(account.user.id)).toBe(0);
    await signIn(account.email, 'le-bon-secret');
    // A link asked for after the reset works (once the address may have a mail again).
    clock += Math.ceil(RESET_EMAILS_PER_ADDRESS.windowSeconds / RESET_EMAILS_PER_ADDRESS.limit) * 1000;
    await forgot(account.email);
    expect((await reset(await tokenFromMail(account.email), 'le-dernier-secret')).status).toBe(200);
  });

  it('dies with a password change on the account page, and with the account', async () => {
    const account = await t.signUp();
    await forgot(account.email);
    const token = await tokenFromMail(account.email);
    const changed = await post(
      '/api/me/password',
      {
        currentPassword: account.password,
        newPassword: 'change-sur-le-compte',
        confirmPassword: 'change-sur-le-compte',
      },
      { cookie: account.cookie },
    );
    expect(changed.status, changed.text).toBe(200);
    const refused = await reset(token, 'par-le-vieux-lien');
    expect(refused.status).toBe(410);
    expect(refused.body.error).toEqual({ code: 'GONE', message: MSG.resetLinkInvalid });
    await signIn(account.email, 'change-sur-le-compte');

    // Deleting the account takes its links with it (none is left behind in `verification`).
    await forgot(account.email);
    await tokenFromMail(account.email);
    expect(await resetLinksOf(account.user.id)).toBe(1);
    const cookie = await signIn(account.email, 'change-sur-le-compte');
    const deleted = await t.request('DELETE', '/api/me', { cookie, body: { password: 'change-sur-le-compte' } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await resetLinksOf(account.user.id)).toBe(0);
  });

  it('lasts an hour: an expired link is refused and changes nothing', async () => {
    const account = await t.signUp();
    const before = Date.now();
    await forgot(account.email);
    const token = await tokenFromMail(account.email);
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + RESET_LINK_TTL_SECONDS * 1000 - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + RESET_LINK_TTL_SECONDS * 1000 + 1000);

    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const late = await reset(token, 'trop-tard');
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe(MSG.resetLinkInvalid);
    await signIn(account.email, account.password);
  });

  it('refuses a made-up token, and checks the new password with the registration rules', async () => {
    expect((await reset('pas-un-vrai-jeton', 'secret12')).status).toBe(410);
    const short = await reset('x', '12345');
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ newPassword: MSG.passwordMin });
    const mismatch = await reset('x', 'secret12', 'secret13');
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: MSG.passwordsMismatch });
    const missing = await post('/api/auth/reset-password', { newPassword: 'secret12', confirmPassword: 'secret12' });
    expect(missing.body.error.fields).toEqual({ token: MSG.resetLinkMissing });
    const badEmail = await forgot('pas-une-adresse');
    expect(badEmail.status).toBe(400);
    expect((badEmail.body as unknown as ApiError).error.fields).toEqual({ email: MSG.emailInvalid });
  });
});

describe('no account enumeration', () => {
  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const account = await t.signUp();
    const unknown = uniqueEmail('personne');
    const a = await forgot(unknown);
    const b = await forgot(account.email);
    expect(a.status).toBe(b.status);
    expect(a.text).toBe(b.text);
    await tokenFromMail(account.email);
    // Give a (wrong) mail to the unknown address time to arrive after the known one's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('does not wait for the mail: a known address is answered while its mail is still on its way', async () => {
    const sent: MailMessage[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Mailer = {
      mode: 'smtp',
      send: () => held,
      sendLater: (message) => {
        sent.push(message);
        void held;
      },
      close: () => Promise.resolve(),
    };
    const other = await createTestApp({ databaseUrl: null, mailer: slow });
    try {
      const account = await other.signUp();
      const res = await other.request('POST', '/api/auth/forgot-password', { body: { email: account.email } });
      expect(res.status).toBe(200);
      expect(sent.map((m) => m.to)).toEqual([account.email]);
    } finally {
      release();
      await other.close();
    }
  });
});

describe('limits', () => {
  const perAddress = RESET_EMAILS_PER_ADDRESS;
  const refill = Math.ceil(perAddress.windowSeconds / perAddress.limit);

  async function expectAddressLimited(email: string) {
    // From a new client address each time: the limit is the e-mail address's.
    for (let i = 0; i < perAddress.limit; i++) expect((await forgot(email)).status).toBe(200);
    const refused = await forgot(email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(refill));
    expect((refused.body as unknown as ApiError).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: MSG.resetTooManyForAddress(refill),
    });
    return refused;
  }

  it(`sends ${perAddress.limit} mails to one e-mail address, then one every ${refill / 60} minutes, whoever asks`, async () => {
    const account = await t.signUp();
    await expectAddressLimited(account.email);
    for (let i = 0; i < perAddress.limit; i++) await tokenFromMail(account.email);
    clock += refill * 1000;
    expect((await forgot(account.email)).status).toBe(200);
    await tokenFromMail(account.email);
    expect((await forgot(account.email)).status).toBe(429);
  });

  it('holds an unknown address the same way (a 429 tells nothing about an account)', async () => {
    const known = await expectAddressLimited((await t.signUp()).email);
    const unknown = await expectAddressLimited(uniqueEmail('personne'));
    expect(unknown.text).toBe(known.text);
  });

  it('holds one client asking for many addresses (write budget passwordReset)', async () => {
    const { client } = scaledBudgets(1).passwordReset;
    const address = newAddress();
    for (let i = 0; i < client.limit; i++) expect((await forgot(uniqueEmail('client'), address)).status).toBe(200);
    const refused = await forgot(uniqueEmail('client'), address);
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as ApiError).error.message).toBe(MSG.tooManyWrites(Math.ceil(client.windowSeconds / client.limit)));
    expect((await forgot(uniqueEmail('client'), newAddress())).status).toBe(200);
  });
});

describe('signed-in devices (account page)', () => {
  it('lists the sessions with their browser, marks this one, and signs the others out', async () => {
    const account = await t.signUp();
    const laptop = await signIn(account.email, account.password, CHROME);
    const phone = await signIn(account.email, account.password, FIREFOX);

    const listed = await t.request<{ sessions: DeviceSession[] }>('GET', '/api/me/sessions', { cookie: laptop });
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual([CHROME]);
    expect(sessions.map((s) => s.userAgent)).toEqual(expect.arrayContaining([CHROME, FIREFOX]));
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'id', 'lastActiveAt', 'userAgent']);
      expect(Number.isNaN(Date.parse(s.lastActiveAt))).toBe(false);
    }

    const revoked = await post('/api/me/sessions/revoke-others', {}, { cookie: laptop });
    expect(revoked.status).toBe(200);
    expect(await sessionUser(phone)).toBeNull();
    expect(await sessionUser(account.cookie)).toBeNull();
    expect(await sessionUser(laptop)).toMatchObject({ email: account.email });
    const after = await t.request<{ sessions: DeviceSession[] }>('GET', '/api/me/sessions', { cookie: laptop });
    expect(after.body.sessions).toEqual([expect.objectContaining({ current: true, userAgent: CHROME })]);
  });

  it("never shows another account's sessions", async () => {
    const mine = await t.signUp();
    const theirs = await t.signUp();
    const listed = await t.request<{ sessions: DeviceSession[] }>('GET', '/api/me/sessions', { cookie: mine.cookie });
    expect(listed.body.sessions).toHaveLength(1);
    const other = await t.request<{ sessions: DeviceSession[] }>('GET', '/api/me/sessions', { cookie: theirs.cookie });
    expect(other.body.sessions.map((s) => s.id)).not.toContain(listed.body.sessions[0]!.id);
  });
});

const redis = await probeRedis();

describe.skipIf(!redis.ok)(`the per-address limit across two instances (Redis)${redis.skipped}`, () => {
  it('counts the mails of one address once for every instance', async () => {
    const shared = await openTestRedis('password-reset');
    const a = await createTestApp({ databaseUrl: null, redis: shared });
    const b = await createTestApp({ redis: shared, instanceOf: a });
    try {
      const email = uniqueEmail('partage');
      const instances = [a, b];
      for (let i = 0; i < RESET_EMAILS_PER_ADDRESS.limit; i++) {
        const res = await instances[i % 2]!.request('POST', '/api/auth/forgot-password', { body: { email } });
        expect(res.status).toBe(200);
      }
      for (const instance of instances) {
        expect((await instance.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(429);
      }
      const rows = await a.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'));
      expect(rows).toHaveLength(0);
    } finally {
      await b.close();
      await a.close();
      await shared.close();
    }
  });
});
