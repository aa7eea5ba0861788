import type { MiddlewareHandler } from 'hono';
import type { User } from '@domain/types';
import type { AppEnv } from '../http/context';
import type { Invalidation } from '../cache/invalidation';
import { isSafeMethod } from '../http/methods';
import { policyOf } from '../http/route-policy';

/**
 * The signed-in user of a session cookie, remembered for a couple of seconds, so that a member
 * browsing (a page, its likes, its images' API calls) does not pay better-auth's whole session
 * pipeline and its two queries on every request — it was most of a signed-in request's CPU at 1M
 * creatives (docs/benchmarks.md).
 *
 * Correctness: every API write that can end or change a session or a user — anything under
 * /api/auth (sign-in, sign-out, password), /api/me (profile, password, account deletion) and
 * /api/users (role change, deletion) — forgets every entry, on this instance at once and, with
 * Redis, on every other one when the signal arrives (server/cache/invalidation.ts), so a role
 * change or a sign-out applies to the very next request. The TTL bounds what cannot be seen: a
 * session deleted by hand, or by another instance while Redis is unreachable, lives here at most
 * `ttlMs` more — the same as in a single process; when Redis comes back every entry is forgotten.
 * Only valid sessions are remembered; an unknown cookie is checked every time.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: User; storedAt: number }>();
  /** Lookups under way, so that the requests of one cookie arriving together share one. */
  private readonly inflight = new Map<string, Promise<User | null>>();
  /** Bumped by clear(): a lookup that began before it does not store its (maybe stale) answer. */
  private generation = 0;

  constructor(
    readonly ttlMs = 2_000,
    readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(cookie: string): User | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(cookie);
      return undefined;
    }
    return entry.user;
  }

  set(cookie: string, user: User): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(cookie, { user, storedAt: this.now() });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
  }

  /**
   * The user of `cookie`: remembered, or looked up once by `load` for every request carrying it
   * meanwhile — when an entry expires under load, the dozens of requests of one browser or client
   * must not each run the session pipeline (those bursts were the p99 of signed-in reads).
   */
  resolve(cookie: string, load: () => Promise<User | null>): Promise<User | null> {
    const known = this.get(cookie);
    if (known) return Promise.resolve(known);
    let pending = this.inflight.get(cookie);
    if (!pending) {
      const generation = this.generation;
      pending = load().then(
        (user) => {
          if (this.generation === generation) {
            this.inflight.delete(cookie);
            if (user) this.set(cookie, user);
          }
          return user;
        },
        (err: unknown) => {
          if (this.generation === generation) this.inflight.delete(cookie);
          throw err;
        },
      );
      this.inflight.set(cookie, pending);
    }
    return pending;
  }
}

/**
 * Every instance forgets its remembered sessions after a write whose route declares that it may
 * end or change one (`forgetsSessions`, server/http/route-policy.ts; see SessionCache).
 */
export function forgetSessionsOnAccountWrites(invalidation: Invalidation): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isSafeMethod(c.req.method) || !policyOf(c)?.forgetsSessions) return next();
    try {
      await next();
    } finally {
      await invalidation.bump('sessions');
    }
  };
}
