import type { MiddlewareHandler } from 'hono';
import type { User } from '@domain/types';
import type { AppEnv } from '../http/context';

/**
 * The signed-in user of a session cookie, remembered for a couple of seconds, so that a member
 * browsing (a page, its likes, its images' API calls) does not pay better-auth's whole session
 * pipeline and its two queries on every request — it was most of a signed-in request's CPU at 1M
 * creatives (docs/benchmarks.md).
 *
 * Correctness: every API write that can end or change a session or a user — anything under
 * /api/auth (sign-in, sign-out, password), /api/me (profile, password, account deletion) and
 * /api/users (role change, deletion) — forgets every entry when it succeeds, so in this process a
 * role change or a sign-out applies to the very next request. The TTL bounds what this process
 * cannot see: a session deleted by another server instance (issue 15) or by hand lives here at
 * most `ttlMs` more. Only valid sessions are remembered; an unknown cookie is checked every time.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: User; storedAt: number }>();

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
    this.entries.clear();
  }
}

const ACCOUNT_WRITES = /^\/api\/(?:auth|me|users)(?:\/|$)/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Forgets every remembered session after a write that may end or change one (see SessionCache). */
export function forgetSessionsOnAccountWrites(sessions: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !ACCOUNT_WRITES.test(c.req.path)) return next();
    try {
      await next();
    } finally {
      sessions.clear();
    }
  };
}
