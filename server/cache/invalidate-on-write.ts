import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../http/context';
import { isSafeMethod } from '../http/methods';
import { policyOf } from '../http/route-policy';

/**
 * Invalidates the shared caches after an API write, as its route declares (`invalidates`,
 * server/http/route-policy.ts): every shared view (likes, comments, review decisions, edits,
 * deletions, featuring, submissions, sign-ups, profile names, users' roles…), only its author's
 * own views (their folders, notes and share links: `forgetViewer`), or nothing cached (signing in
 * and out, notifications). A write no route declares (a 404) invalidates every shared view.
 *
 * Only 4xx answers are skipped: they are refusals (validation, permission, not found, conflict),
 * taken before anything is written or rolled back with the transaction; a 5xx may follow a partial
 * write, so it invalidates too. The bump happens after the handler, before the writer gets its
 * answer, so the writer's next read already misses — on this instance at once, on the others when
 * Redis carries the signal (server/cache/invalidation.ts). The catalogue engine (server/catalogue/)
 * reads its journal on the same signal.
 */
export function invalidateOnWrite(deps: Pick<Deps, 'caches'>): MiddlewareHandler<AppEnv> {
  // Also without the response cache (RESPONSE_CACHE=off): the catalogue engine listens to the same signal.
  return async (c, next) => {
    if (isSafeMethod(c.req.method)) return next();
    const invalidates = policyOf(c)?.invalidates ?? 'shared views';
    if (invalidates === 'nothing') return next();
    try {
      await next();
    } finally {
      const status = c.res.status;
      const user = c.get('user');
      if (status >= 400 && status < 500) {
        // a refusal: nothing was written
      } else if (invalidates === "author's views" && user) {
        await deps.caches.invalidation.bump('viewer', user.id);
      } else {
        await deps.caches.invalidation.bump('responses');
      }
    }
  };
}
