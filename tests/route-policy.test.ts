import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '@server/http/context';
import { handleError } from '@server/http/errors';
import { declaredPolicy, policyOf, route, type RoutePolicy } from '@server/http/route-policy';
import { WRITE_BUDGETS } from '@server/http/limits/write-budgets';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Each route states its whole policy on itself (server/http/route-policy.ts): the permission, the
 * shared cache, the write budget, what a write invalidates and the deadline. The app's budgets and
 * invalidation read that declaration; these tests fail on a write route that declares no budget or
 * no invalidation, so a new route cannot forget either.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const name = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/(.)\/$/, '$1')}`;

/** Every API route (method and path) and the policy one of its handlers declares. */
function apiRoutes() {
  const routes = new Map<string, RoutePolicy | undefined>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
    routes.set(name(r), routes.get(name(r)) ?? declaredPolicy(r.handler));
  }
  return routes;
}

describe('route policies', () => {
  it('give every write route of the API a budget and what it invalidates', () => {
    const writes = [...apiRoutes()].filter(([route]) => WRITE_METHODS.includes(route.split(' ')[0]!));
    expect(writes.length).toBeGreaterThan(30);
    const incomplete = writes.filter(([, policy]) => !policy?.budget || !policy.invalidates).map(([route]) => route);
    expect(incomplete).toEqual([]);
    for (const [, policy] of writes) expect(Object.keys(WRITE_BUDGETS)).toContain(policy!.budget);
  });

  it('declare what invalidates no shared view only where nothing shared changes', () => {
    const nothing = [...apiRoutes()].filter(([, p]) => p?.invalidates === 'nothing').map(([route]) => route);
    expect(nothing.sort()).toEqual(
      [
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/creatives/duplicates',
        'POST /api/notifications/:id/read',
        'POST /api/notifications/read-all',
        'PUT /api/notifications/preferences',
      ].sort(),
    );
  });

  it('make every instance forget its sessions after the writes that may end or change one', () => {
    const forgetting = [...apiRoutes()].filter(([, p]) => p?.forgetsSessions).map(([route]) => route);
    const accountWrites = [...apiRoutes()]
      .filter(([route]) => WRITE_METHODS.includes(route.split(' ')[0]!) && /^\S+ \/api\/(auth|me|users)(\/|$)/.test(route))
      .map(([route]) => route);
    expect(accountWrites.length).toBeGreaterThan(8);
    expect(forgetting.sort()).toEqual(accountWrites.sort());
  });

  it('budget the costly read of an account export', () => {
    expect(apiRoutes().get('GET /api/me/export')?.budget).toBe('export');
  });

  it('is what the request sees: policyOf finds the declaration of the route that answers', async () => {
    const seen: (RoutePolicy | undefined)[] = [];
    const app = new Hono<AppEnv>()
      .onError(handleError)
      .use(async (c, next) => {
        c.set('user', null);
        seen.push(policyOf(c));
        await next();
      })
      .get('/a/fixed', route(t.deps, { cache: 'visitors' }), (c) => c.text('fixed'))
      .get('/a/:id', route(t.deps, { permission: 'creative:review' }), (c) => c.text('param'))
      .post('/a/:id', route(t.deps, { budget: 'like', invalidates: 'nothing' }), (c) => c.text('write'));
    expect(await (await app.request('/a/fixed')).text()).toBe('fixed');
    expect((await app.request('/a/other')).status).toBe(401);
    expect(await (await app.request('/a/other', { method: 'POST' })).text()).toBe('write');
    expect((await app.request('/b')).status).toBe(404);
    expect(seen).toEqual([{ cache: 'visitors' }, { permission: 'creative:review' }, { budget: 'like', invalidates: 'nothing' }, undefined]);
  });
});
