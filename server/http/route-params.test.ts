import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from './errors';
import { idParam } from './route-params';

const app = new Hono().onError(handleError).get('/things/:id', (c) => c.json({ id: idParam(c, 'id', 'Chose introuvable') }));

describe('idParam', () => {
  it('gives back the ids the server hands out: UUIDs and better-auth user ids', async () => {
    for (const id of ['3f2a1c9e-6b7d-4e8f-9a0b-1c2d3e4f5a6b', 'Xq3Zb9Lk2Mn8Pr4St6Uv1Wx7Yz0Ab5Cd']) {
      const res = await app.request(`/things/${id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id });
    }
  });

  it('answers 404 with the given message for an id none of ours can be', async () => {
    const odd = ['%00', 'a%00b', 'x'.repeat(65), '%C3%A9', '%E2%80%AE', 'a%2Fb', '..%2F..%2Fetc', "'%20OR%201=1", '1.5', '%ED%A0%80', '%'];
    for (const id of odd) {
      const res = await app.request(`/things/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Chose introuvable' } });
    }
  });
});
