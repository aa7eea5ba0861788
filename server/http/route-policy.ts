import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Action } from '@domain/permissions';
import { requirePermission } from '../auth/session';
import type { AppEnv, Deps } from './context';
import { withoutDeadline } from './limits/deadline';
import { privateToViewer, sharedForVisitors, sharedOnceAllowed, sharedPerAnalysisAccess } from '../cache/response-cache';
import type { WriteKind } from './limits/write-budgets';

/**
 * A route's whole policy, declared on the route as its first middleware:
 *
 *   .post('/:id/like', route(deps, { permission: 'creative:like', budget: 'like', invalidates: 'shared views' }), handler)
 *
 * It enforces the permission and serves the shared cache of `cache`; the write budgets
 * (rate-limit.ts) and the cache invalidation (invalidate-on-write.ts) read the same
 * declaration for the request's route, and tests/route-policy.test.ts fails on a write route that
 * declares no budget or no invalidation. Adding a route touches its route file and its test.
 */
export interface RoutePolicy {
  /** Who may call it (domain/permissions.ts): 401 signed out, 403 for a role without it. Absent: the handler decides. */
  permission?: Action;
  /** The message of the 401 (default: MSG.mustBeLogged). */
  signedOutMessage?: string;
  /** The write budget this request draws from (server/http/limits/write-budgets.ts); every write has one, a costly read may. */
  budget?: Exclude<WriteKind, 'unknown'>;
  /**
   * What a write changes for others' cached views: every shared view, only its author's own views
   * (their folders), or nothing cached (signing in, notifications). A refusal (4xx) invalidates nothing.
   */
  invalidates?: 'shared views' | "author's views" | 'nothing';
  /**
   * A write that may end or change a session (signing in or out, a password, a role, a deletion):
   * every instance forgets the sessions it remembers (server/auth/session-cache.ts).
   */
  forgetsSessions?: true;
  /**
   * The shared response cache a GET is served from (response-cache.ts): visitors' views, views the
   * same for everyone the permission lets in, views per access to the analysis, the viewer's own.
   */
  cache?: 'visitors' | 'allowed' | 'analysis access' | 'viewer';
  /** 'none': no request deadline (an upload's body may take minutes on a slow line; server/http/limits/deadline.ts). */
  deadline?: 'none';
}

type ResponseCacheDeps = Pick<Deps, 'caches' | 'ops'>;

const CACHES: Record<NonNullable<RoutePolicy['cache']>, (deps: ResponseCacheDeps) => MiddlewareHandler<AppEnv>> = {
  visitors: sharedForVisitors,
  allowed: sharedOnceAllowed,
  'analysis access': sharedPerAnalysisAccess,
  viewer: privateToViewer,
};

/** Each route's declared policy, by the middleware that declares it. */
const declared = new WeakMap<MiddlewareHandler<AppEnv>, RoutePolicy>();

/** The middleware declaring and enforcing `policy`: the permission check, the shared cache, the deadline. */
export function route(deps: ResponseCacheDeps, policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  const steps: MiddlewareHandler<AppEnv>[] = [];
  if (policy.permission) steps.push(requirePermission(policy.permission, { signedOutMessage: policy.signedOutMessage }));
  if (policy.cache) steps.push(CACHES[policy.cache](deps));
  if (policy.deadline === 'none') steps.push(withoutDeadline);
  const middleware = inSequence(steps);
  declared.set(middleware, policy);
  return middleware;
}

/** `steps` one after the other, as one middleware; a step's own answer (a cache hit) ends the sequence. */
function inSequence(steps: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const run = async (i: number): Promise<Response | void> => {
      const step = steps[i];
      if (!step) return next();
      return step(c, async () => {
        const answer = await run(i + 1);
        if (answer instanceof Response) c.res = answer;
      });
    };
    return run(0);
  };
}

/**
 * The policy of the route that answers this request: the first matched route bound to a method
 * (app-level middleware is bound to 'ALL'), and the declaration among that route's handlers.
 * Undefined when no route answers (a 404) or the route declares nothing.
 */
export function policyOf(c: Context<AppEnv>): RoutePolicy | undefined {
  const matched = matchedRoutes(c);
  const answering = matched.find((r) => r.method !== 'ALL');
  if (!answering) return undefined;
  for (const r of matched) {
    if (r.method !== answering.method || r.path !== answering.path) continue;
    const policy = declared.get(r.handler as MiddlewareHandler<AppEnv>);
    if (policy) return policy;
  }
  return undefined;
}

/** The policy a registered handler declares (tests read every route's through the app's `routes`). */
export function declaredPolicy(handler: unknown): RoutePolicy | undefined {
  return declared.get(handler as MiddlewareHandler<AppEnv>);
}
