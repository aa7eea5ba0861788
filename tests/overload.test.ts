import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { rowsOf } from '@server/db/sql-rows';
import { comments, creativeLikes } from '@server/db/schema';
import { RETRY_AFTER_SECONDS } from '@server/http/limits/unavailable';
import { insertCreative, sessionCookieFor } from './helpers/fixtures';
import { createTestApp, createUser, uniqueEmail, type ApiError, type TestApp, type TestResponse } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Overload (issue 14, defect 7): a statement timeout, a per-request deadline, slots for the
 * expensive reads and the cancellation of the work of a client that has gone — so that a
 * creative and its comments still answer while slow gallery-like queries are stuck.
 *
 * The slow query: GET /api/analytics reads nothing but analytics_daily. A connection of the test
 * holds an ACCESS EXCLUSIVE lock on that table, so the analytics statement waits inside PostgreSQL
 * as a slow one runs — active in pg_stat_activity, counted by statement_timeout, cancellable —
 * for as long as the test wants, while a creative, its comments and the sessions never touch it.
 * No timing is asserted: only statuses and states, with generous bounds on the waits.
 */

const serverUrl = process.env.DATABASE_URL;
/** Far beyond any wait of these tests: the limit a test is not about never plays. */
const NEVER = '600000';
const METRICS_TOKEN = 'overload-metrics-token';

function expectOverloaded(res: TestResponse<ApiError>): void {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.body.error).toMatchObject({ code: 'UNAVAILABLE', message: MSG.overloaded });
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Test-side PostgreSQL connections to the test app's database: the lock holder and an observer. */
async function sideConnections(t: TestApp) {
  const [row] = await rowsOf<{ name: string }>(t.db, sql`select current_database() as name`);
  const url = new URL(serverUrl!);
  url.pathname = `/${row!.name}`;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  };
  const holder = await connect();
  // Outside any transaction, so that each look at pg_stat_activity is a fresh snapshot.
  const observer = await connect();
  const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  return {
    /** Until release(), every statement reading analytics_daily waits. */
    async lockAnalytics(): Promise<{ release(): Promise<void> }> {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE analytics_daily IN ACCESS EXCLUSIVE MODE');
      return { release: async () => void (await holder.query('ROLLBACK')) };
    },
    /** The app's analytics statements running now (waiting for the lock). */
    async runningAnalytics(): Promise<number> {
      const { rows } = await observer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and query like '%analytics_daily%'
            and pid <> pg_backend_pid() and pid <> $1`,
        [holderPid],
      );
      return rows[0]!.n;
    },
    async close() {
      await Promise.all([holder.end(), observer.end()]);
    },
  };
}

describe.skipIf(!serverUrl)('on PostgreSQL (needs DATABASE_URL: PGlite has no statement timeout, and one connection)', () => {
  describe('a statement past DB_STATEMENT_TIMEOUT_MS', () => {
    let t: TestApp;
    let admin: string;
    let side: Awaited<ReturnType<typeof sideConnections>>;

    beforeAll(async () => {
      t = await createTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '300', REQUEST_DEADLINE_MS: NEVER } });
      admin = (await t.loginAs('admin')).cookie;
      side = await sideConnections(t);
    });
    afterAll(async () => {
      await side?.close();
      await t?.close();
    });

    it('is cancelled by PostgreSQL and answered 503 with Retry-After and the French message, not 500', async () => {
      const lock = await side.lockAnalytics();
      try {
        expectOverloaded(await t.request<ApiError>('GET', '/api/analytics?period=all', { cookie: admin }));
      } finally {
        await lock.release();
      }
      expect((await t.request('GET', '/api/analytics?period=all', { cookie: admin })).status).toBe(200);
    });
  });

  describe('a request past REQUEST_DEADLINE_MS', () => {
    let t: TestApp;
    let admin: string;
    let side: Awaited<ReturnType<typeof sideConnections>>;

    beforeAll(async () => {
      t = await createTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: NEVER, REQUEST_DEADLINE_MS: '500', RESPONSE_CACHE: 'off' } });
      admin = (await t.loginAs('admin')).cookie;
      side = await sideConnections(t);
    });
    afterAll(async () => {
      await side?.close();
      await t?.close();
    });

    it('gets 503 with Retry-After, and its statement is cancelled in PostgreSQL', async () => {
      const lock = await side.lockAnalytics();
      try {
        expectOverloaded(await t.request<ApiError>('GET', '/api/analytics?period=all', { cookie: admin }));
        // The lock is still held: only a cancel can have ended the statement.
        expect(await until(async () => (await side.runningAnalytics()) === 0)).toBe(true);
      } finally {
        await lock.release();
      }
      expect((await t.request('GET', '/api/analytics?period=all', { cookie: admin })).status).toBe(200);
    });
  });

  describe('expensive reads stuck in the database', () => {
    let t: TestApp;
    let admin: string;
    let side: Awaited<ReturnType<typeof sideConnections>>;
    let creativeId: string;

    beforeAll(async () => {
      // Neither limit plays here; the shared cache is off so that no request is answered from it.
      t = await createTestApp({
        env: { DB_STATEMENT_TIMEOUT_MS: NEVER, REQUEST_DEADLINE_MS: NEVER, RESPONSE_CACHE: 'off', METRICS_TOKEN: METRICS_TOKEN },
      });
      const { user } = await t.loginAs('user');
      admin = (await t.loginAs('admin')).cookie;
      creativeId = (await insertCreative(t.db)).id;
      await t.db
        .insert(comments)
        .values({ creativeId, userId: user.id, userFirstName: user.firstName, userLastName: user.lastName, text: 'Toujours là' });
      side = await sideConnections(t);
    });
    afterAll(async () => {
      await side?.close();
      await t?.close();
    });

    it('take only their slots: a creative and its comments still answer, one more expensive read is refused with 503', async () => {
      const { expensiveSlots, expensiveQueue, connections } = t.database.capacity;
      const lock = await side.lockAnalytics();
      let stuck: Promise<TestResponse>[] = [];
      try {
        stuck = Array.from({ length: expensiveSlots + expensiveQueue }, () =>
          t.request('GET', '/api/analytics?period=all', { cookie: admin }),
        );
        expect(
          await until(async () => {
            const { running, waiting } = t.deps.limits.expensiveQueries.stats;
            return running === expensiveSlots && waiting === expensiveQueue && (await side.runningAnalytics()) === expensiveSlots;
          }),
        ).toBe(true);

        // A word PostgreSQL's parser reads as a phrase ('moto' <-> 'velo'): what the catalogue engine leaves to SQL.
        expectOverloaded(await t.request<ApiError>('GET', `/api/creatives?q=${encodeURIComponent('moto²velo')}`));
        const detail = await t.request<{ id: string }>('GET', `/api/creatives/${creativeId}`);
        expect(detail.status).toBe(200);
        expect(detail.body.id).toBe(creativeId);
        const thread = await t.request<{ items: { text: string }[] }>('GET', `/api/creatives/${creativeId}/comments`);
        expect(thread.status).toBe(200);
        expect(thread.body.items.map((c) => c.text)).toEqual(['Toujours là']);
        expect(t.database.poolStats()!.total).toBeLessThanOrEqual(connections);
        const metrics = await t.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(metrics.text).toContain(`db_expensive_queries{state="running"} ${expensiveSlots}`);
        expect(metrics.text).toContain(`db_expensive_queries{state="waiting"} ${expensiveQueue}`);
      } finally {
        await lock.release();
      }
      // Once the lock goes, the running ones answer; the waiting ones get their turn or a 503 after their wait.
      const statuses = (await Promise.all(stuck)).map((res) => res.status);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(expensiveSlots);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(t.deps.limits.expensiveQueries.stats).toEqual({ running: 0, waiting: 0 });
    });

    it('cancels the statement of a client that disconnects mid-query', async () => {
      const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0, overrideGlobalObjects: false }) as http.Server;
      const lock = await side.lockAnalytics();
      try {
        if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
        const { port } = server.address() as AddressInfo;
        const req = http.get({ host: '127.0.0.1', port, path: '/api/analytics?period=all', headers: { cookie: admin } });
        req.on('error', () => {}); // the socket is destroyed below, on purpose
        expect(await until(async () => (await side.runningAnalytics()) === 1)).toBe(true);

        req.destroy();
        // The lock is still held: only a cancel can have ended the statement.
        expect(await until(async () => (await side.runningAnalytics()) === 0)).toBe(true);
      } finally {
        await lock.release();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});

describe('the request deadline', () => {
  let t: TestApp;
  let agency: string;
  let user: { id: string };
  let cookie: string;
  let creativeId: string;

  /** A session without going through the sign-in (its password hashing could take longer than the deadline). */
  async function sessionOf(role: 'agency' | 'user') {
    const account = await createUser(t.deps, { email: uniqueEmail(role), role });
    return { user: account, cookie: await sessionCookieFor(t.deps, account.id) };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_DEADLINE_MS: '300', DB_STATEMENT_TIMEOUT_MS: NEVER, RESPONSE_CACHE: 'off' } });
    agency = (await sessionOf('agency')).cookie;
    ({ user, cookie } = await sessionOf('user'));
    creativeId = (await insertCreative(t.db)).id;
  });
  afterAll(() => t?.close());

  /** A body whose last bytes arrive `delayMs` after the first ones, as from a slow line. */
  function trickled(bytes: Uint8Array, delayMs: number): ReadableStream<Uint8Array> {
    return new ReadableStream({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, bytes.length - 1));
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        controller.enqueue(bytes.subarray(bytes.length - 1));
        controller.close();
      },
    });
  }

  async function send(method: string, path: string, body: Response, contentType: string, cookieHeader: string) {
    const bytes = new Uint8Array(await body.arrayBuffer());
    const res = await t.app.request(new URL(path, t.config.publicUrl).toString(), {
      method,
      headers: { cookie: cookieHeader, origin: t.config.publicUrl, 'content-type': contentType, 'content-length': String(bytes.length) },
      body: trickled(bytes, 900),
      duplex: 'half',
    } as RequestInit);
    return res.status;
  }

  it('answers 503 to a request whose body is still arriving at the deadline, but not to an upload', async () => {
    const comment = new Response(JSON.stringify({ text: 'Lentement' }));
    expect(await send('POST', `/api/creatives/${creativeId}/comments`, comment, 'application/json', cookie)).toBe(503);

    const form = new Response(creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'lent.png', type: 'image/png' }));
    const type = form.headers.get('content-type')!;
    expect(await send('POST', '/api/creatives', form, type, agency)).toBe(201);
  });

  it.skipIf(serverUrl)(
    'on PGlite (one connection, the PostgreSQL run has its own deadline test): 503 while the database is busy, and the request never runs',
    async () => {
      // A transaction of the test holds PGlite's lock: every query of the app waits for its turn.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inTransaction!: () => void;
      const started = new Promise<void>((resolve) => {
        inTransaction = resolve;
      });
      const transaction = t.db.transaction(async () => {
        inTransaction();
        await held;
      });
      await started;
      try {
        expectOverloaded(await t.request<ApiError>('POST', `/api/creatives/${creativeId}/like`, { cookie }));
      } finally {
        release();
        await transaction;
      }
      // Its turn came after the deadline: the like was refused, not written.
      const likes = await t.db
        .select()
        .from(creativeLikes)
        .where(and(eq(creativeLikes.creativeId, creativeId), eq(creativeLikes.userId, user.id)));
      expect(likes).toEqual([]);
      expect((await t.request('POST', `/api/creatives/${creativeId}/like`, { cookie })).status).toBe(200);
    },
  );
});
