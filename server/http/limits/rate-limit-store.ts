/** At most `limit` writes at once, then `limit` more per `windowSeconds`, refilled evenly. */
export interface Budget {
  limit: number;
  windowSeconds: number;
}

export interface Bucket {
  key: string;
  budget: Budget;
}

/**
 * Where the buckets of the write budgets live. The memory store below serves one process; when
 * several instances share the traffic, RedisRateLimitStore (server/http/limits/redis-rate-limit-store.ts,
 * the same arithmetic run atomically in Redis) replaces it, else each instance would grant the
 * whole budget on its own.
 */
export interface RateLimitStore {
  /**
   * Takes one write from every bucket when each has one left, else takes none (a refused request
   * costs nothing, so a client limit cannot drain an account's budget and the other way round).
   * Resolves to 0 when taken, else to the milliseconds until all of them have one again.
   */
  take(buckets: readonly Bucket[]): Promise<number>;
  /**
   * Returns one write to every bucket (never past its limit): a write taken before knowing whether
   * it should count — a share password is counted while it is checked, and given back when right.
   */
  giveBack(buckets: readonly Bucket[]): Promise<void>;
}

interface BucketState {
  /** What is left, in units of 1/limit ms of window: a write costs `windowMs` units, a ms refills `limit`. */
  level: number;
  /** When `level` was counted (ms). */
  at: number;
  /** When the bucket is full again if untouched: from then on it equals a missing one. */
  fullAt: number;
}

export interface MemoryStoreOptions {
  /** Buckets kept at most; past it the least recently used go first. */
  maxKeys?: number;
  now?: () => number;
}

/** How often full buckets are swept out, at the latest (they are forgotten exactly, not lost). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Token buckets in a Map. Memory stays bounded: a bucket that has refilled is deleted by the
 * periodic sweep (deleting it changes nothing), and past `maxKeys` — a flood of new addresses —
 * the least recently used are dropped, which at worst gives one of them a fresh budget early.
 * Single-threaded JavaScript makes each take atomic.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  /** In least-recently-used-first order: each take re-inserts the buckets it touches. */
  private readonly buckets = new Map<string, BucketState>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  private lastSweep: number;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
    this.lastSweep = this.now();
  }

  get size(): number {
    return this.buckets.size;
  }

  take(buckets: readonly Bucket[]): Promise<number> {
    return Promise.resolve(this.takeNow(buckets));
  }

  giveBack(buckets: readonly Bucket[]): Promise<void> {
    const now = this.now();
    for (const { key, budget } of buckets) {
      const state = this.buckets.get(key);
      if (!state) continue; // full already
      const cost = budget.windowSeconds * 1000;
      const capacity = budget.limit * cost;
      const level = Math.min(capacity, state.level + (now - state.at) * budget.limit + cost);
      this.buckets.set(key, { level, at: now, fullAt: now + Math.ceil((capacity - level) / budget.limit) });
    }
    return Promise.resolve();
  }

  private takeNow(buckets: readonly Bucket[]): number {
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    let waitMs = 0;
    // Integer arithmetic (whole ms, whole units), so that a wait is exact: after Retry-After the write passes.
    const levels = buckets.map(({ key, budget }) => {
      const cost = budget.windowSeconds * 1000;
      const capacity = budget.limit * cost;
      const state = this.buckets.get(key);
      const level = state ? Math.min(capacity, state.level + (now - state.at) * budget.limit) : capacity;
      if (level < cost) waitMs = Math.max(waitMs, Math.ceil((cost - level) / budget.limit));
      return { key, level, cost, capacity, limit: budget.limit };
    });
    if (waitMs > 0) return waitMs;
    for (const { key, level, cost, capacity, limit } of levels) {
      const left = level - cost;
      this.buckets.delete(key);
      this.buckets.set(key, { level: left, at: now, fullAt: now + Math.ceil((capacity - left) / limit) });
    }
    if (this.buckets.size > this.maxKeys) this.shrink(now);
    return 0;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, state] of this.buckets) if (state.fullAt <= now) this.buckets.delete(key);
  }

  /** Down to 90 % of the cap, so that a flood of new keys pays for a sweep once per 10 %, not per key. */
  private shrink(now: number): void {
    this.sweep(now);
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= target) break;
      this.buckets.delete(key);
    }
  }
}
