import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS } from '@server/auth/sign-in-backoff';
import { dropRedisNamespace, TEST_REDIS_URL, uniqueRedisPrefix } from '@server/redis/test-redis';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { forEachServerSentEvent } from './helpers/server-sent-events';
import { createScratchDatabase } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';
import {
  sharedServicesSkipReason,
  apiCall,
  loginTo,
  registerOn,
  startServer,
  stopAllServers,
  type ServerProcess,
} from './helpers/server-process';

/**
 * Two instances of the server behind one address (issue 15): two real server processes on
 * different ports sharing one PostgreSQL database, one S3-compatible bucket (s3rver, a child
 * process of this test) and one Redis — as two machines behind a load balancer without sticky
 * sessions. What one instance does, the other must see: media, the live pending count, the
 * sign-in limits and the like counters.
 */
const databaseUrl = process.env.DATABASE_URL;
const skipReason = await sharedServicesSkipReason('two-instance test');

/** Sign-in attempts per minute and address (better-auth's limit, AUTH_RATE_LIMIT) of both instances. */
const AUTH_LIMIT = 6;
const USERS = 8;
const LIKE_ROUNDS = 6;

/** A documentation address per test step (TEST-NET-3): with TRUST_PROXY, each is its own client. */
let nextAddress = 10;
const newClient = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` });

async function signIn(baseUrl: string, email: string, password: string, client: Record<string, string>) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...client },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The `pending` events of GET /api/review/events, as they come. */
async function openPendingStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/review/events`, { headers: { cookie }, signal: controller.signal });
  expect(res.status).toBe(200);
  const counts: { count: number; at: number }[] = [];
  const reading = forEachServerSentEvent(res.body!, (type, data) => {
    if (type === 'pending') counts.push({ count: Number(data), at: performance.now() });
  }).catch(() => {}); // aborted at the end of the test
  const next = async (after: number, timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const found = counts.find((c) => c.at > after);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    return null;
  };
  return {
    counts,
    next,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe.skipIf(skipReason !== null)(
  `two server processes on one database, one bucket and one Redis${skipReason ? ` [skipped: ${skipReason}]` : ''}`,
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let s3: S3TestServer;
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let staff: string;
    let agency: string;
    const prefix = uniqueRedisPrefix('two-server-processes');

    beforeAll(async () => {
      scratch = await createScratchDatabase(databaseUrl!);
      s3 = await startS3Server();
      const shared = {
        DATABASE_URL: scratch.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        AUTH_RATE_LIMIT: String(AUTH_LIMIT),
        TRUST_PROXY: 'true',
        ...s3.env,
      };
      // Started together on an empty database: one migrates and seeds, the other waits (startup-lock.ts).
      [a, b] = await Promise.all([startServer({ env: shared }), startServer({ env: shared })]);
      staff = await loginTo(b.baseUrl, 'specialiste@example.com');
      agency = await loginTo(a.baseUrl, 'agence@example.com');
    }, 120_000);

    afterAll(async () => {
      await stopAllServers();
      await s3?.stop();
      await scratch?.drop();
      await dropRedisNamespace(prefix);
    });

    it('serves from B the media of a creative uploaded on A, with ranges, and only to who may see it', async () => {
      const form = creativeForm(
        { ...VALID_FORM, name: 'Envoyée sur A' },
        { bytes: await pngBytes(320, 240), name: 'a.png', type: 'image/png' },
      );
      const created = await apiCall(a.baseUrl, agency, 'POST', '/api/creatives', form);
      expect(created.status).toBe(201);
      const detail = (await (await fetch(`${b.baseUrl}/api/creatives/${created.body!.id}`, { headers: { cookie: staff } })).json()) as {
        mediaUrl: string;
      };
      const onA = await fetch(`${a.baseUrl}${detail.mediaUrl}`, { headers: { cookie: agency } });
      const onB = await fetch(`${b.baseUrl}${detail.mediaUrl}`, { headers: { cookie: staff } });
      expect(onA.status).toBe(200);
      expect(onB.status).toBe(200);
      const bytes = Buffer.from(await onB.arrayBuffer());
      expect(bytes.equals(Buffer.from(await onA.arrayBuffer()))).toBe(true);
      const ranged = await fetch(`${b.baseUrl}${detail.mediaUrl}`, { headers: { cookie: staff, range: 'bytes=0-15' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 16))).toBe(true);
      // Pending: private on every instance.
      expect((await fetch(`${b.baseUrl}${detail.mediaUrl}`)).status).toBe(404);
    });

    it('pushes to a stream on A, within a second, a submission and a decision made on B', async () => {
      const stream = await openPendingStream(a.baseUrl, await loginTo(a.baseUrl, 'admin@example.com'));
      try {
        const first = await stream.next(0, 5_000);
        expect(first).not.toBeNull();
        const agencyOnB = await loginTo(b.baseUrl, 'agence@example.com');

        const submittedAt = performance.now();
        const form = creativeForm({ ...VALID_FORM, name: 'Envoyée sur B' }, { bytes: await pngBytes(), name: 'b.png', type: 'image/png' });
        const created = await apiCall(b.baseUrl, agencyOnB, 'POST', '/api/creatives', form);
        expect(created.status).toBe(201);
        const afterSubmission = await stream.next(submittedAt, 1_000);
        expect(afterSubmission?.count).toBe(first!.count + 1);

        const decidedAt = performance.now();
        expect((await apiCall(b.baseUrl, staff, 'POST', `/api/creatives/${created.body!.id}/approve`)).status).toBe(200);
        const afterDecision = await stream.next(decidedAt, 1_000);
        expect(afterDecision?.count).toBe(first!.count);
      } finally {
        await stream.close();
      }
    });

    it('counts sign-in attempts of one address across both instances: the limit of one instance, not twice it', async () => {
      const attemptsUntilRefused = async (instances: ServerProcess[]) => {
        const client = newClient();
        for (let attempt = 1; attempt <= AUTH_LIMIT * 2 + 1; attempt++) {
          const target = instances[attempt % instances.length]!;
          // A new unknown address each time: only the per-address limit can refuse it.
          const status = await signIn(target.baseUrl, `personne.${attempt}.${crypto.randomUUID()}@example.com`, 'mauvais-mot', client);
          if (status === 429) return attempt - 1;
          expect(status).toBe(401);
        }
        return Infinity;
      };
      const alone = await attemptsUntilRefused([a]);
      const split = await attemptsUntilRefused([a, b]);
      expect(alone).toBe(AUTH_LIMIT);
      expect(split).toBe(alone);
    });

    it('backs an account off after the same number of failures whichever instance each one reaches', async () => {
      const email = `cible.${crypto.randomUUID()}@example.com`;
      await registerOn(a.baseUrl, email, newClient());
      let failures = 0;
      for (let attempt = 1; attempt <= FREE_ATTEMPTS + 1; attempt++) {
        // Each attempt from a new address, on A and B in turn: only the account's back-off can refuse it.
        const status = await signIn([a, b][attempt % 2]!.baseUrl, email, 'mauvais-mot', newClient());
        if (status === 429) break;
        expect(status).toBe(401);
        failures += 1;
      }
      expect(failures).toBe(FREE_ATTEMPTS);
    });

    it('keeps a like counter exact under a storm split across both instances, and B shows it on the next request', async () => {
      const users = await Promise.all(
        Array.from({ length: USERS }, (_, i) =>
          registerOn([a, b][i % 2]!.baseUrl, `tempete.${i}.${crypto.randomUUID()}@example.com`, newClient()),
        ),
      );
      const gallery = (await (await fetch(`${b.baseUrl}/api/creatives`)).json()) as { items: { id: string; likes: number }[] };
      const target = gallery.items[0]!;
      // B has just answered (and may keep) the anonymous detail: a write on A must not leave it stale.
      const likesOn = async (server: ServerProcess) =>
        ((await (await fetch(`${server.baseUrl}/api/creatives/${target.id}`)).json()) as { likes: number }).likes;
      const before = await likesOn(b);

      // Each user likes and unlikes LIKE_ROUNDS times on alternating instances, all users at once;
      // the first half ends with one more like.
      await Promise.all(
        users.map(async (cookie, u) => {
          for (let round = 0; round < LIKE_ROUNDS; round++) {
            const like = await apiCall([a, b][(u + round) % 2]!.baseUrl, cookie, 'POST', `/api/creatives/${target.id}/like`);
            expect(like.status).toBe(200);
            const unlike = await apiCall([a, b][(u + round + 1) % 2]!.baseUrl, cookie, 'DELETE', `/api/creatives/${target.id}/like`);
            expect(unlike.status).toBe(200);
          }
          if (u < USERS / 2) expect((await apiCall(a.baseUrl, cookie, 'POST', `/api/creatives/${target.id}/like`)).status).toBe(200);
        }),
      );
      let expected = before + USERS / 2;
      expect(await likesOn(b)).toBe(expected);
      expect(await likesOn(a)).toBe(expected);
      // B answered (and keeps) the detail just now: one more write, on A only, shows on B's next answer.
      expect((await apiCall(a.baseUrl, users[0]!, 'DELETE', `/api/creatives/${target.id}/like`)).status).toBe(200);
      expected -= 1;
      expect(await likesOn(b)).toBe(expected);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ likes: number; rows: number }>(
          'select c.likes, (select count(*)::int from creative_likes l where l.creative_id = c.id) as rows from creatives c where c.id = $1',
          [target.id],
        );
        expect(rows[0]).toEqual({ likes: expected, rows: expected });
      } finally {
        await client.end();
      }
    });
  },
);
