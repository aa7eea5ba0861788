import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { JSON_BODY_LIMIT } from '@server/http/limits/json-body-limit';
import type { User } from '@domain/types';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.loginAs('user')).cookie;
});
afterAll(() => t.close());

describe('cross-site requests', () => {
  it('refuses state changes from a foreign origin, on our routes and on the auth ones', async () => {
    const evil = 'http://evil.example';
    const profile = await t.request<ApiError>('PATCH', '/api/me', { cookie, origin: evil, body: { firstName: 'A', lastName: 'B' } });
    expect(profile.status).toBe(403);
    expect(profile.body.error.code).toBe('FORBIDDEN');
    const login = await t.request('POST', '/api/auth/login', {
      origin: evil,
      cookie,
      body: { email: 'x@example.com', password: 'whatever1' },
    });
    expect(login.status).toBe(403);
    const logout = await t.request('POST', '/api/auth/logout', { cookie, origin: evil });
    expect(logout.status).toBe(403);
    expect((await t.request<{ user: User | null }>('GET', '/api/auth/session', { cookie })).body.user).not.toBeNull();
  });

  it('refuses a browser request marked cross-site even without Origin', async () => {
    const res = await t.request('PATCH', '/api/me', {
      cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { firstName: 'A', lastName: 'B' },
    });
    expect(res.status).toBe(403);
  });

  it('accepts the same request from our origin', async () => {
    const res = await t.request('PATCH', '/api/me', { cookie, body: { firstName: 'A', lastName: 'B' } });
    expect(res.status).toBe(200);
  });
});

describe('names', () => {
  it('says a too-long name is too long, not missing', async () => {
    const res = await t.request<ApiError>('PATCH', '/api/me', { cookie, body: { firstName: 'x'.repeat(51), lastName: 'B' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.firstName).toBe(MSG.firstNameMax);
  });
});

describe('responses', () => {
  it('answers unknown API paths with a JSON 404 and sends security headers', async () => {
    const res = await t.request<ApiError>('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('JSON body limit', () => {
  const oversized = JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT) });

  it('refuses a body over the limit from its Content-Length, with a JSON error', async () => {
    const res = await t.request<ApiError>('POST', '/api/folders', {
      cookie,
      body: oversized,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('counts a chunked body as it arrives', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(oversized));
        controller.close();
      },
    });
    const res = await t.app.request(new URL('/api/folders', t.config.publicUrl).toString(), {
      method: 'POST',
      headers: { cookie, origin: t.config.publicUrl, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiError).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets a body under the limit through', async () => {
    const res = await t.request('POST', '/api/folders', { cookie, body: { name: 'Sous la limite' } });
    expect(res.status).toBe(201);
  });
});

describe('rate limits', () => {
  it('refuses sign-in attempts beyond AUTH_RATE_LIMIT per minute with a French message', async () => {
    // Behind a trusted proxy, so this test's client address is its own (the limiter's store is per process).
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: 'true' } });
    try {
      const attempt = () =>
        limited.request<ApiError>('POST', '/api/auth/login', {
          body: { email: 'nobody@example.com', password: 'mauvais1' },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(blocked.body.error.message).toBe(MSG.rateLimitedFor(retryAfter));
    } finally {
      await limited.close();
    }
  });
});
