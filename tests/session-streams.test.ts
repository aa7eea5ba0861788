import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import type { Role } from '@domain/roles';
import { SessionStreams } from '@server/auth/session-streams';
import { session, user as userTable } from '@server/db/schema';
import { RETRY_AFTER_SECONDS } from '@server/http/limits/unavailable';
import type { Mailer, MailMessage } from '@server/mail/mailer';
import { probeRedis } from '@server/redis/test-redis';
import { shedBeyond } from './helpers/shedding-db';
import { createTestApp, type ApiError, type TestApp, type TestUser } from './helpers/test-app';
import { openTwoInstances } from './helpers/two-instances';

/**
 * A live stream (the unread count, the staff's pending count) ends when its session ends: signed
 * out, the other devices signed out, the password changed or reset, the role changed, the account
 * deleted — on the instance that holds the stream, wherever the change was made (Redis). The
 * others' streams go on. PGlite by default, PostgreSQL with DATABASE_URL.
 */

const redis = await probeRedis();
const mails: MailMessage[] = [];
const mailer: Mailer = {
  mode: 'smtp',
  send: (message) => {
    mails.push(message);
    return Promise.resolve();
  },
  sendLater: (message) => void mails.push(message),
  close: () => Promise.resolve(),
};
const env = { AUTH_RATE_LIMIT: '10000', WRITE_RATE_LIMIT: 'off' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env, mailer });
});
afterAll(() => t?.close());

interface Watched {
  /** Each count received, in order. */
  counts: number[];
  readonly ended: boolean;
  /** Closes it from the client's side (a stream that should stay open). */
  stop(): Promise<void>;
}

/** Opens an event stream as a browser does and reads its counts as they come. */
async function watch(app: TestApp, path: '/api/notifications/events' | '/api/review/events', cookie: string): Promise<Watched> {
  const res = await app.app.request(new URL(path, app.config.publicUrl).toString(), { headers: { cookie } });
  expect(res.status, await (res.status === 200 ? '' : res.text())).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const counts: number[] = [];
  let ended = false;
  let text = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const data = /^data: (\d+)$/m.exec(text.slice(0, end))?.[1];
        if (data !== undefined) counts.push(Number(data));
        text = text.slice(end + 2);
      }
    }
    ended = true;
  })();
  await expect.poll(() => counts.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return {
    counts,
    get ended() {
      return ended;
    },
    stop: async () => {
      await reader.cancel().catch(() => {});
      await reading;
    },
  };
}

async function expectEnded(stream: Watched, label: string): Promise<void> {
  await expect.poll(() => stream.ended, { timeout: 10_000, message: `${label}: the stream should have ended` }).toBe(true);
}

/** Still open: a new count reaches it (a recount of its user's unread notifications, or the pending count). */
async function expectOpen(app: TestApp, stream: Watched, userId: string, label: string): Promise<void> {
  const before = stream.counts.length;
  await app.deps.events.notificationEvents.publish([userId]);
  await app.deps.events.pending.publish();
  await expect
    .poll(() => stream.counts.length, { timeout: 10_000, message: `${label}: the stream should be open` })
    .toBeGreaterThan(before);
  expect(stream.ended, label).toBe(false);
}

/** One account signed in on two devices. */
async function twoDevices(app: TestApp, role: Role = 'user'): Promise<{ user: TestUser; laptop: string; phone: string }> {
  const { user, cookie } = await app.loginAs(role);
  return { user, laptop: cookie, phone: await app.login(user.email, user.password) };
}

describe('a live stream ends with its session', () => {
  it('signing out ends this device’s streams, not the other device’s', async () => {
    const { user, laptop, phone } = await twoDevices(t, 'specialist');
    const unread = await watch(t, '/api/notifications/events', laptop);
    const pending = await watch(t, '/api/review/events', laptop);
    const other = await watch(t, '/api/notifications/events', phone);
    expect((await t.request('POST', '/api/auth/logout', { cookie: laptop })).status).toBe(200);
    await expectEnded(unread, 'unread, signed out');
    await expectEnded(pending, 'pending, signed out');
    await expectOpen(t, other, user.id, 'the other device');
    await other.stop();
    // Opening one again is refused: the session is gone.
    const again = await t.request<ApiError>('GET', '/api/notifications/events', { cookie: laptop });
    expect(again.status).toBe(401);
  });

  it("'Déconnecter les autres appareils' ends the other devices' streams; this device's goes on", async () => {
    const { user, laptop, phone } = await twoDevices(t);
    const here = await watch(t, '/api/notifications/events', laptop);
    const there = await watch(t, '/api/notifications/events', phone);
    expect((await t.request('POST', '/api/me/sessions/revoke-others', { cookie: laptop })).status).toBe(200);
    await expectEnded(there, 'the other device');
    await expectOpen(t, here, user.id, 'this device');
    await here.stop();
  });

  it("a password change on the account page ends the other devices' streams", async () => {
    const { user, laptop, phone } = await twoDevices(t);
    const there = await watch(t, '/api/notifications/events', phone);
    const newPassword = 'un-nouveau-secret';
    const changed = await t.request('POST', '/api/me/password', {
      cookie: laptop,
      body: { currentPassword: user.password, newPassword, confirmPassword: newPassword },
    });
    expect(changed.status, changed.text).toBe(200);
    await expectEnded(there, 'after a password change');
    // This device got a new session (new cookie): its stream opens again with it.
    const here = await watch(t, '/api/notifications/events', changed.cookie);
    await expectOpen(t, here, user.id, 'this device, new session');
    await here.stop();
  });

  it('a password reset ends every stream of the account', async () => {
    const { user, laptop, phone } = await twoDevices(t);
    const streams = [await watch(t, '/api/notifications/events', laptop), await watch(t, '/api/notifications/events', phone)];
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    await expect.poll(() => mails.some((m) => m.to === user.email)).toBe(true);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.to === user.email)!.text)![1]!;
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'reinitialise', confirmPassword: 'reinitialise' },
    });
    expect(reset.status, reset.text).toBe(200);
    for (const [i, stream] of streams.entries()) await expectEnded(stream, `device ${i + 1}, after a reset`);
  });

  it("a role change ends the user's streams (the staff's pending count first of all)", async () => {
    const { user, laptop } = await twoDevices(t, 'specialist');
    const admin = await t.loginAs('admin');
    const pending = await watch(t, '/api/review/events', laptop);
    const unread = await watch(t, '/api/notifications/events', laptop);
    const adminStream = await watch(t, '/api/review/events', admin.cookie);
    const changed = await t.request('PATCH', `/api/users/${user.id}/role`, { cookie: admin.cookie, body: { role: 'user' } });
    expect(changed.status, changed.text).toBe(200);
    await expectEnded(pending, 'pending, after the role change');
    await expectEnded(unread, 'unread, after the role change');
    await expectOpen(t, adminStream, admin.user.id, "the admin's own stream");
    await adminStream.stop();
  });

  it("deleting the account — by an admin, or by its owner — ends the account's streams", async () => {
    const admin = await t.loginAs('admin');
    const removed = await twoDevices(t);
    const removedStream = await watch(t, '/api/notifications/events', removed.phone);
    expect((await t.request('DELETE', `/api/users/${removed.user.id}`, { cookie: admin.cookie })).status).toBe(200);
    await expectEnded(removedStream, 'deleted by an admin');

    const leaving = await twoDevices(t);
    const leavingStream = await watch(t, '/api/notifications/events', leaving.phone);
    const deleted = await t.request('DELETE', '/api/me', { cookie: leaving.laptop, body: { password: leaving.user.password } });
    expect(deleted.status, deleted.text).toBe(200);
    await expectEnded(leavingStream, 'deleted by its owner');
  });

  it('a session that ends without a signal (expired, deleted by hand, role edited in the database) ends its stream at the next check', async () => {
    const streams = new SessionStreams(t.db, 50);
    const expiring = await twoDevices(t);
    const [first, second] = await t.db.select().from(session).where(eq(session.userId, expiring.user.id));
    const deleted = streams.hold({ sessionId: first!.id, role: 'user' });
    const expired = streams.hold({ sessionId: second!.id, role: 'user' });
    const promoted = await twoDevices(t);
    const [third] = await t.db.select().from(session).where(eq(session.userId, promoted.user.id));
    const demoted = streams.hold({ sessionId: third!.id, role: 'user' });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect([deleted.isEnded, expired.isEnded, demoted.isEnded]).toEqual([false, false, false]);

    await t.db.delete(session).where(eq(session.id, first!.id));
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, second!.id));
    await t.db.update(userTable).set({ role: 'agency' }).where(eq(userTable.id, promoted.user.id));
    await Promise.all([deleted.ended, expired.ended, demoted.ended]);
    expect(streams.size).toBe(0);
  });

  it('a stream whose session or first count the database refuses is answered 503 with Retry-After, not opened and cut', async () => {
    const { cookie } = await t.loginAs('user');
    // Remembered now (server/auth/session-cache.ts): the request's own session lookup does not reach the database.
    expect((await t.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
    const limit = shedBeyond(t.db, { connections: 0, error: () => new AppError('UNAVAILABLE') });
    let res;
    try {
      res = await t.request<ApiError>('GET', '/api/notifications/events', { cookie });
    } finally {
      limit.restore();
    }
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.body).toEqual({ error: { code: 'UNAVAILABLE', message: MSG.overloaded } });
    expect(t.deps.events.sessionStreams.size).toBe(0);
  });
});

describe.skipIf(!redis.ok)(`across instances sharing Redis${redis.skipped}`, () => {
  it('a sign-out of the other devices made on one instance ends the stream another instance holds', async () => {
    const instances = await openTwoInstances('session-streams', { env });
    const { a, b } = instances;
    try {
      const { user, laptop, phone } = await twoDevices(a, 'specialist');
      const onB = await watch(b, '/api/review/events', phone);
      const stillOnB = await watch(b, '/api/notifications/events', laptop);
      expect((await a.request('POST', '/api/me/sessions/revoke-others', { cookie: laptop })).status).toBe(200);
      await expectEnded(onB, 'on the other instance');
      await expectOpen(b, stillOnB, user.id, 'this device, on the other instance');
      await stillOnB.stop();
    } finally {
      await instances.close();
    }
  }, 120_000);
});
