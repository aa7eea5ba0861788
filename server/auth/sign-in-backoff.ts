/**
 * Unsuccessful sign-ins in a row on one e-mail address before each further one must wait: room for
 * a person trying their few usual passwords (and for a test suite checking the error message) —
 * ten guesses more or less change nothing for a guesser held to one a minute after them.
 */
export const FREE_ATTEMPTS = 10;
/** The first wait; each further unsuccessful attempt doubles it, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1_000;
/**
 * Low on purpose: the back-off holds whatever the client address, so anyone can start it on
 * anyone's account; a minute slows a guesser to ~1,400 guesses a day per account, and the
 * account's own browsers skip it altogether (server/auth/known-device.ts).
 */
export const MAX_DELAY_MS = 60_000;
/** A streak whose last attempt is older than this is forgotten: yesterday's typos do not count today. */
export const FORGET_AFTER_MS = 15 * 60_000;

/** How long the next attempt must wait after `attempts` unsuccessful ones in a row (and when the last was made). */
export function backoffDelayMs(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (attempts - FREE_ATTEMPTS));
}

/**
 * Unsuccessful sign-ins in a row, per e-mail address — any address, known or not, so that the
 * answers (401, then 429 with the same waits) never tell whether an account exists. The memory
 * store below serves one process; several instances share RedisSignInAttempts
 * (server/auth/redis-sign-in-attempts.ts), else each would grant its own attempts.
 */
export interface SignInAttempts {
  /**
   * Called before the password is checked. Resolves to the milliseconds left to wait, or to 0
   * after counting this attempt as unsuccessful until `succeeded` says otherwise — counted before
   * the check, so that a burst of parallel guesses cannot all pass while the first is hashed.
   */
  begin(email: string): Promise<number>;
  /** The password was right: the streak ends. */
  succeeded(email: string): Promise<void>;
}

interface Streak {
  attempts: number;
  lastAt: number;
}

export class MemorySignInAttempts implements SignInAttempts {
  /** Least recently attempted first: each attempt re-inserts its streak. */
  private readonly streaks = new Map<string, Streak>();
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: { maxKeys?: number; now?: () => number } = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  begin(email: string): Promise<number> {
    const now = this.now();
    const known = this.streaks.get(email);
    const streak = known && now - known.lastAt < FORGET_AFTER_MS ? known : { attempts: 0, lastAt: now };
    const waitMs = streak.lastAt + backoffDelayMs(streak.attempts) - now;
    if (waitMs > 0) return Promise.resolve(waitMs);
    this.streaks.delete(email);
    this.streaks.set(email, { attempts: streak.attempts + 1, lastAt: now });
    if (this.streaks.size > this.maxKeys) this.shrink(now);
    return Promise.resolve(0);
  }

  succeeded(email: string): Promise<void> {
    this.streaks.delete(email);
    return Promise.resolve();
  }

  /**
   * Forgotten streaks first, then the least recently attempted, down to 90 % of the cap. Dropping
   * a live streak restarts it; a flood of addresses big enough to do that is held by the
   * per-client limits first.
   */
  private shrink(now: number): void {
    for (const [email, streak] of this.streaks) if (now - streak.lastAt >= FORGET_AFTER_MS) this.streaks.delete(email);
    const target = Math.floor(this.maxKeys * 0.9);
    for (const email of this.streaks.keys()) {
      if (this.streaks.size <= target) break;
      this.streaks.delete(email);
    }
  }
}
