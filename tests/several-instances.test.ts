import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { FREE_ATTEMPTS } from '@server/auth/sign-in-backoff';
import { folderShares, folders } from '@server/db/schema';
import { RedisLink } from '@server/redis/redis-link';
import { dropRedisNamespace, probeRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '@server/redis/test-redis';
import { hashSharePassword } from '@server/services/shares/share-password';
import { insertCreative } from './helpers/fixtures';
import { TcpProxy } from './helpers/tcp-proxy';
import { createTestApp, uniqueEmail, type ApiError, type TestApp } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Two server instances (two apps on one database) sharing one Redis, reached through a TCP relay
 * that the last tests cut and restore: what one instance does, the other sees; with Redis down,
 * requests still work, sign-in fails closed with a French message, and everything resumes when
 * Redis returns.
 */
const redis = await probeRedis();
const AUTH_LIMIT = 6;
const FACTOR = 0.05; // an unknown write's client budget: 120 × 0.05 = 6 a minute
const METRICS_TOKEN = 'metrics-token-of-the-test';

let proxy: TcpProxy;
let prefix: string;
let links: RedisLink[] = [];
let a: TestApp;
let b: TestApp;
let addressCount = 0;
/** A client address of its own for each test (TRUST_PROXY: the X-Forwarded-For of the request). */
const newAddress = () => `203.0.113.${++addressCount}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** The redis_up gauge of `app`'s metrics. */
async function redisUp(app: TestApp): Promise<string | undefined> {
  const res = await app.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return /^redis_up (\d)$/m.exec(res.text)?.[1];
}

function attemptSignIn(app: TestApp, email: string, address: string, password = 'not-the-password') {
  return app.request<ApiError>('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
}

/** The pending counts a staff member's event stream on `app` receives. */
async function pendingStream(app: TestApp, cookie: string) {
  const res = await app.app.request(new URL('/api/review/events', app.config.publicUrl).toString(), { headers: { cookie } });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // A read that outlived a timed-out next() keeps its chunk for the next call.
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return {
    /** The next count sent, or null when none comes within `timeoutMs`. */
    async next(timeoutMs = 1_000): Promise<number | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = /data: (\d+)\n/.exec(text);
        if (match) {
          text = text.slice(match.index + match[0].length);
          return Number(match[1]);
        }
        const left = deadline - Date.now();
        if (left <= 0) return null;
        reading ??= reader.read();
        const chunk = await Promise.race([reading, sleep(left).then(() => null)]);
        if (!chunk) continue;
        reading = null;
        if (chunk.value) text += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

async function submitOn(app: TestApp, cookie: string): Promise<void> {
  const form = creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' });
  const res = await app.request('POST', '/api/creatives', { cookie, body: form });
  expect(res.status, res.text).toBe(201);
}

describe.skipIf(!redis.ok)(`Several instances sharing Redis${redis.skipped}`, () => {
  let staff: string;
  let agency: string;

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    await proxy.start();
    prefix = uniqueRedisPrefix('several-instances');
    links = [new RedisLink({ url: proxy.url, prefix }), new RedisLink({ url: proxy.url, prefix })];
    for (const link of links) expect(await link.waitUntilReady(5_000)).toBe(true);
    const env = { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: String(AUTH_LIMIT), WRITE_RATE_LIMIT: String(FACTOR), METRICS_TOKEN };
    a = await createTestApp({ env, redis: links[0] });
    b = await createTestApp({ env, redis: links[1], instanceOf: a });
    staff = (await a.loginAs('specialist')).cookie;
    agency = (await b.loginAs('agency')).cookie;
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const link of links) await link.close();
    await proxy?.cut();
    if (prefix) await dropRedisNamespace(prefix);
  });

  it('sends a submission made on B to a staff stream on A within a second', async () => {
    const stream = await pendingStream(a, staff);
    const first = (await stream.next())!;
    const started = Date.now();
    await submitOn(b, agency);
    expect(await stream.next(1_000)).toBe(first + 1);
    expect(Date.now() - started).toBeLessThan(1_000);
    await stream.close();
  });

  it("counts sign-in attempts split across A and B against better-auth's one per-address limit", async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) statuses.push((await attemptSignIn(i % 2 ? b : a, uniqueEmail('guess'), address)).status);
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429, 429]);
    // Counted in Redis (better-auth's own memory store would be shared by two apps of one process too).
    expect(await links[0]!.commands.keys(`${prefix}auth-limit:*`)).not.toHaveLength(0);
  });

  it("counts an account's unsuccessful sign-ins on A and B in one back-off", async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attemptSignIn(i % 2 ? b : a, email, newAddress())).status).toBe(401);
    const refused = await attemptSignIn(b, email, newAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(MSG.signInBackoff(1));
  });

  it('shares the write budgets', async () => {
    const address = newAddress();
    const post = (app: TestApp) => app.request('POST', '/api/nowhere', { body: {}, headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(i % 2 ? b : a)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429, 429]);
  });

  it("empties B's response cache on a write made on A, within a second", async () => {
    const creative = await insertCreative(a.db);
    const path = `/api/creatives/${creative.id}`;
    await b.request('GET', path);
    const cached = await b.request<{ likes: number }>('GET', path);
    expect(cached.headers.get('X-Cache')).toBe('hit');
    const { cookie } = await a.loginAs('user');
    const heard = new Promise<number>((resolve) => {
      const started = Date.now();
      const stop = b.deps.caches.invalidation.on('responses', () => {
        stop();
        resolve(Date.now() - started);
      });
    });
    expect((await a.request('POST', `${path}/like`, { cookie })).status).toBe(200);
    // The signal crosses Redis in milliseconds; from then on B answers afresh.
    expect(await heard).toBeLessThan(1_000);
    const fresh = await b.request<{ likes: number }>('GET', path);
    expect(fresh.headers.get('X-Cache')).toBe('miss');
    expect(fresh.body.likes).toBe(cached.body.likes + 1);
  });

  it("forgets on B a user's own folder list when they change their folders on A", async () => {
    const { cookie } = await a.loginAs('user');
    await b.request('GET', '/api/folders', { cookie });
    expect((await b.request('GET', '/api/folders', { cookie })).headers.get('X-Cache')).toBe('hit');
    const heard = new Promise<string | undefined>((resolve) => {
      const stop = b.deps.caches.invalidation.on('viewer', (userId) => {
        stop();
        resolve(userId);
      });
    });
    expect((await a.request('POST', '/api/folders', { cookie, body: { name: 'Vu partout' } })).status).toBe(201);
    expect(await heard).toBeTruthy();
    const fresh = await b.request<{ name: string }[]>('GET', '/api/folders', { cookie });
    expect(fresh.headers.get('X-Cache')).toBe('miss');
    expect(fresh.body.map((f) => f.name)).toContain('Vu partout');
  });

  it('reports Redis in /api/ready and in the metrics', async () => {
    const ready = await a.request<{ checks: Record<string, string> }>('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.redis).toBe('ok');
    expect(await redisUp(a)).toBe('1');
  });

  describe('Redis cut, then back', () => {
    let stream: Awaited<ReturnType<typeof pendingStream>>;
    let user: { id: string; email: string; password: string };
    const shareTokens = { open: crypto.randomBytes(24).toString('base64url'), locked: crypto.randomBytes(24).toString('base64url') };

    beforeAll(async () => {
      user = (await a.loginAs('user')).user;
      const [folder] = await a.db.insert(folders).values({ userId: user.id, name: 'Partagé' }).returning();
      await a.db.insert(folderShares).values([
        { folderId: folder!.id, token: shareTokens.open },
        { folderId: folder!.id, token: shareTokens.locked, passwordHash: await hashSharePassword('pendant-la-coupure') },
      ]);
      stream = await pendingStream(a, staff);
      await stream.next();
      await proxy.cut();
      await until(() => links.every((link) => !link.listening && link.state !== 'ready'));
    });

    afterAll(async () => {
      await stream?.close();
    });

    it('still answers reads (cache bypassed) and writes (budgets open)', async () => {
      const creative = await insertCreative(a.db);
      for (let i = 0; i < 2; i++) {
        const read = await a.request('GET', `/api/creatives/${creative.id}`);
        expect(read.status).toBe(200);
        expect(read.headers.get('X-Cache')).toBe('bypass');
      }
      const address = newAddress();
      for (let i = 0; i < 8; i++) {
        expect((await a.request('POST', '/api/nowhere', { body: {}, headers: { 'x-forwarded-for': address } })).status).toBe(404);
      }
      // Sessions live in the database: a signed-in member goes on writing.
      const liked = await a.request('POST', `/api/creatives/${creative.id}/like`, { cookie: staff });
      expect(liked.status).toBe(200);
    });

    it('refuses sign-in and sign-up at once with 503, Retry-After and the French message', async () => {
      const started = Date.now();
      for (const res of [
        await attemptSignIn(a, user.email, newAddress(), user.password),
        await b.request<ApiError>('POST', '/api/auth/register', {
          body: { firstName: 'Léa', lastName: 'Martin', email: uniqueEmail(), password: 'demo1234', confirmPassword: 'demo1234' },
          headers: { 'x-forwarded-for': newAddress() },
        }),
      ]) {
        expect(res.status, res.text).toBe(503);
        expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
        expect(res.body.error).toMatchObject({ code: 'UNAVAILABLE', message: MSG.signInUnavailable });
      }
      // Commands fail fast while Redis is unreachable: nothing waits for a timeout.
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it("still opens a share link (its view not counted) and refuses a link's password with 503", async () => {
      const page = await b.request('GET', `/api/shares/${shareTokens.open}`, { headers: { 'x-forwarded-for': newAddress() } });
      expect(page.status, page.text).toBe(200);
      const tried = await a.request<ApiError>('POST', `/api/shares/${shareTokens.locked}/unlock`, {
        body: { password: 'pendant-la-coupure' },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(tried.status).toBe(503);
      expect(tried.body.error).toMatchObject({ code: 'UNAVAILABLE', message: MSG.signInUnavailable });
    });

    it('tells the load balancer through /api/ready, and the metrics', async () => {
      const ready = await a.request<{ checks: Record<string, string> }>('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.redis).toBe('failed');
      expect(await redisUp(a)).toBe('0');
    });

    it("still sends this instance's own pending changes to its streams", async () => {
      const before = await a.request<{ pending: number }>('GET', '/api/review/counts', { cookie: staff });
      await submitOn(a, agency);
      expect(await stream.next(1_000)).toBe(before.body.pending + 1);
    });

    it('resumes when Redis returns: streams catch up, sign-in works, events cross again', async () => {
      // Submitted on B while down: A's stream cannot hear it…
      await submitOn(b, agency);
      expect(await stream.next(300)).toBeNull();
      await proxy.start();
      await until(() => links.every((link) => link.state === 'ready'));
      // …and catches up once the subscription is back (each instance recounts).
      const counts = await a.request<{ pending: number }>('GET', '/api/review/counts', { cookie: staff });
      expect(await stream.next(2_000)).toBe(counts.body.pending);
      expect((await attemptSignIn(a, user.email, newAddress(), user.password)).status).toBe(200);
      await submitOn(b, agency);
      expect(await stream.next(1_000)).toBe(counts.body.pending + 1);
      expect((await a.request('GET', '/api/ready')).status).toBe(200);
    });
  });
});

describe.skipIf(!redis.ok)(`An instance that starts while Redis is down${redis.skipped}`, () => {
  it('subscribes once Redis answers, and hears the others from then on', async () => {
    const target = new URL(TEST_REDIS_URL);
    const relay = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    await relay.start();
    await relay.cut();
    const namespace = uniqueRedisPrefix('late-start');
    const late = new RedisLink({ url: relay.url, prefix: namespace });
    const other = new RedisLink({ url: TEST_REDIS_URL, prefix: namespace });
    try {
      const received: string[] = [];
      late.subscribe('news', (message) => received.push(message));
      expect(await late.waitUntilReady(300)).toBe(false);
      await relay.start();
      expect(await late.waitUntilReady(5_000)).toBe(true);
      expect(await other.waitUntilReady(5_000)).toBe(true);
      await other.publish('news', 'hello');
      await expect.poll(() => received, { timeout: 1_000 }).toEqual(['hello']);
    } finally {
      await late.close();
      await other.close();
      await relay.cut();
    }
  });
});
