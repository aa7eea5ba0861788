import { and, eq, gt, inArray } from 'drizzle-orm';
import { isRole, type Role } from '@domain/roles';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';
import { logger } from '../log';

/** How often the sessions of open streams are checked without a signal (expiry, a session deleted by hand). */
export const RECHECK_MS = 60_000;

/** Session ids per query: far below PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;

/** What a stream was opened under: its session, and the role its user had then. */
export interface StreamSession {
  sessionId: string;
  role: Role;
}

/** One open stream's hold on its session: `ended` resolves when the session ends; release() when the stream ends first. */
export interface StreamLease {
  readonly ended: Promise<void>;
  readonly isEnded: boolean;
  release(): void;
}

class Lease implements StreamLease {
  isEnded = false;
  private resolveEnded: () => void = () => {};
  readonly ended = new Promise<void>((resolve) => {
    this.resolveEnded = resolve;
  });

  constructor(
    readonly session: StreamSession,
    readonly release: () => void,
  ) {}

  end(): void {
    this.isEnded = true;
    this.resolveEnded();
    this.release();
  }
}

/**
 * The one place that knows which open event streams (the live counts, server/http/delivery/live-count-stream.ts)
 * belong to which session, and ends them when that session ends: signed out, the other devices
 * signed out, a password changed or reset, a role changed, the account deleted, the session expired.
 *
 * The database is the judge: `recheck()` reads which of the streams' sessions still exist, unexpired,
 * with the role their user had when the stream opened, and ends every other stream. It runs
 * - on every signal that sessions may have changed: the `sessions` invalidation, which every write
 *   under /api/auth, /api/me and /api/users bumps after it has committed (server/auth/session-cache.ts)
 *   — on this instance at once and, with Redis, on every other one, so the instance that holds a
 *   stream hears of a sign-out made on another; and when Redis comes back (the signals it missed);
 * - every RECHECK_MS while streams are open, for what no signal tells (expiry, a row deleted by hand).
 * Whatever ended the session — better-auth's own deletes, ours, a cascade — the stream ends with it,
 * without each of those paths having to name the sessions it ended.
 *
 * Checks do not pile up: signals arriving during one make one more afterwards. A check the database
 * refuses ends nothing (logged); the next signal or tick tries again.
 */
export class SessionStreams {
  private readonly leases = new Set<Lease>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly recheckMs = RECHECK_MS,
  ) {}

  /** Open streams held. */
  get size(): number {
    return this.leases.size;
  }

  /** Registers a stream of `session`; the stream ends when `ended` resolves and calls release() whatever ends it. */
  hold(session: StreamSession): StreamLease {
    const lease: Lease = new Lease(session, () => {
      this.leases.delete(lease);
      if (this.leases.size === 0) this.stopTimer();
    });
    this.leases.add(lease);
    this.timer ??= setInterval(() => void this.recheck(), this.recheckMs).unref();
    return lease;
  }

  /** Ends the streams whose session has ended (see above). Resolves once the streams ended so far are told. */
  recheck(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.checkOnce();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async checkOnce(): Promise<void> {
    const leases = [...this.leases];
    if (leases.length === 0) return;
    const live = new Map<string, Role>();
    try {
      const ids = [...new Set(leases.map((l) => l.session.sessionId))];
      for (let i = 0; i < ids.length; i += BATCH) {
        const rows = await this.db
          .select({ id: session.id, role: user.role })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(and(inArray(session.id, ids.slice(i, i + BATCH)), gt(session.expiresAt, new Date())));
        for (const row of rows) live.set(row.id, isRole(row.role) ? row.role : 'user');
      }
    } catch (err) {
      logger.warn({ err }, 'flux en direct : sessions non vérifiées');
      return;
    }
    for (const lease of leases) {
      if (live.get(lease.session.sessionId) !== lease.session.role) lease.end();
    }
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
