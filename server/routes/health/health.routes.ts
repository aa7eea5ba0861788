import { Hono } from 'hono';
import type { AppEnv, Deps } from '@server/http/context';
import { checkReadiness, shippedMigrationCount } from '@server/services/readiness';

/** Liveness: the process answers. Nothing else is checked, so it stays cheap. */
export function healthRoutes() {
  return new Hono().get('/', (c) => c.json({ status: 'ok' }));
}

/** Readiness for a load balancer: 200 when this instance can serve, 503 with the failing part otherwise. */
export function readyRoutes(deps: Deps) {
  const expectedMigrations = shippedMigrationCount();
  return new Hono<AppEnv>().get('/', async (c) => {
    const { ready, checks } = await checkReadiness(deps, expectedMigrations);
    return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503);
  });
}
