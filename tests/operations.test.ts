import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { configureLogging } from '@server/log';
import type { Readiness } from '@server/services/readiness';
import { createTestApp, TEST_PASSWORD, type ApiError, type TestApp } from './helpers/test-app';

/** GET /api/ready (server/routes/health/health.routes.ts). */
type ReadyBody = Pick<Readiness, 'checks'> & { status: 'ready' | 'unavailable' };
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/** Log lines written while `work` runs, parsed from JSON. */
async function captureLogs(work: () => Promise<void>): Promise<{ lines: Record<string, unknown>[]; raw: string }> {
  let raw = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString('utf8');
      done();
    },
  });
  configureLogging({ level: 'info', destination: sink });
  try {
    await work();
  } finally {
    configureLogging({ level: 'warn' });
  }
  return {
    lines: raw
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
    raw,
  };
}

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    t.deps.ops.lifecycle.stopping = false;
  });

  it('answers 200 when the database, the migrations and the media store are fine', async () => {
    const res = await t.request('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', media: 'ok', catalogue: 'ok', server: 'ok' } });
  });

  it('answers 503 naming the media store when it cannot take a write', async () => {
    const tmp = path.join(t.dataDir, 'media', '.tmp');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.writeFileSync(tmp, 'not a directory');
    try {
      const res = await t.request<ReadyBody>('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('unavailable');
      expect(res.body.checks).toMatchObject({ database: 'ok', media: 'failed' });
    } finally {
      fs.rmSync(tmp, { force: true });
      fs.mkdirSync(tmp);
    }
  });

  it('answers 503 when a migration of this code is not applied', async () => {
    const [last] = (await t.db
      .execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows))) as {
      id: number;
      hash: string;
      created_at: string;
    }[];
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.request<ReadyBody>('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ database: 'ok', migrations: 'pending' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.request('GET', '/api/ready')).status).toBe(200);
  });

  it('answers 503 while the server is stopping, so a load balancer drains it', async () => {
    t.deps.ops.lifecycle.stopping = true;
    const res = await t.request<ReadyBody>('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.checks.server).toBe('stopping');
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const other = await createTestApp();
    await other.database.close();
    try {
      const res = await other.request<ReadyBody>('GET', '/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ database: 'failed', migrations: 'failed' });
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes one JSON line per request with id, method, route pattern, status, duration and user', async () => {
    const { user, cookie } = await t.loginAs('user');
    const { lines } = await captureLogs(async () => {
      const res = await t.request('GET', '/api/creatives/00000000-0000-0000-0000-000000000000', {
        cookie,
        headers: { 'X-Request-Id': 'trace-42' },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('x-request-id')).toBe('trace-42');
    });
    const line = lines.find((l) => l.msg === 'request');
    expect(line).toMatchObject({
      level: 'info',
      reqId: 'trace-42',
      method: 'GET',
      route: '/api/creatives/:id',
      status: 404,
      userId: user.id,
    });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('string');
  });

  it('generates a request id when none (or a malformed one) is given', async () => {
    const res = await t.request('GET', '/api/creatives', { headers: { 'X-Request-Id': 'bad id with spaces\u0007' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs cookies, passwords or tokens', async () => {
    const email = `logs.${Date.now()}@example.com`;
    let cookie = '';
    const { raw } = await captureLogs(async () => {
      const signUp = await t.signUp({ email });
      cookie = signUp.cookie;
      await t.request('POST', '/api/auth/login', { body: { email, password: TEST_PASSWORD } });
      await t.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password-123' } });
      await t.request('GET', '/api/me', { cookie, headers: { authorization: 'Bearer secret-token-value' } });
    });
    expect(raw).toContain('"route":"/api/auth/login"');
    const sessionToken = cookie.split('=')[1]!.split(';')[0]!;
    for (const secret of [TEST_PASSWORD, 'wrong-password-123', sessionToken, 'secret-token-value']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('answers an unexpected error with a generic French message and the request id, and logs the stack', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const { lines } = await captureLogs(async () => {
        const res = await broken.request<ApiError>('GET', '/api/creatives', { headers: { 'X-Request-Id': 'boom-1' } });
        expect(res.status).toBe(500);
        expect(res.body.error).toEqual({ code: 'INTERNAL', message: MSG.internal, requestId: 'boom-1' });
      });
      const error = lines.find((l) => l.level === 'error');
      expect(error).toMatchObject({ reqId: 'boom-1', msg: 'unexpected error' });
      expect(String((error?.err as { stack?: string })?.stack)).toContain('\n    at ');
    } finally {
      await broken.close().catch(() => {});
    }
  });
});

describe('GET /api/metrics', () => {
  it('is 404 when METRICS_TOKEN is unset', async () => {
    const t = await createTestApp();
    try {
      expect((await t.request('GET', '/api/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    const token = 'metrics-token-0123456789';
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: token } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses a missing or wrong Bearer token', async () => {
      expect((await t.request('GET', '/api/metrics')).status).toBe(401);
      const wrong = await t.request<ApiError>('GET', '/api/metrics', { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.message).toBe(MSG.metricsTokenInvalid);
    });

    it('serves Prometheus text: requests and latency per route, uploads, SSE clients, memory', async () => {
      await t.request('GET', '/api/creatives');
      await t.request('GET', '/api/creatives');
      const { cookie } = await t.loginAs('specialist');
      const png = await pngBytes();
      const upload = await t.request('POST', '/api/creatives', {
        cookie,
        body: creativeForm(VALID_FORM, { bytes: png, name: 'a.png', type: 'image/png' }),
      });
      expect(upload.status).toBe(201);
      const res = await t.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/api\/creatives",status="200"\} 2/);
      expect(res.text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/creatives"\}/);
      expect(res.text).toContain(`media_upload_bytes_total ${png.length}`);
      expect(res.text).toMatch(/sse_clients 0/);
      expect(res.text).toMatch(/process_resident_memory_bytes \d+/);
    });
  });
});
