import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, type Bucket, type RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';
import type { RedisLink } from '@server/redis/redis-link';
import { dropRedisNamespace, openTestRedis, probeRedis } from '@server/redis/test-redis';

const perMinute = (limit: number) => ({ limit, windowSeconds: 60 });
const redis = await probeRedis();

/** The same behaviour from every store: one process's memory, or Redis shared by instances. */
function contract(name: string, open: (now: () => number) => RateLimitStore, skip = '') {
  describe.skipIf(skip !== '')(`${name}: the RateLimitStore contract${skip}`, () => {
    function storeAt(start = 0) {
      const clock = { now: start };
      return { clock, store: open(() => clock.now) };
    }

    it('grants the limit at once, then one write per window/limit, and says how long to wait', async () => {
      const { clock, store } = storeAt();
      const bucket = [{ key: 'a', budget: perMinute(6) }];
      for (let i = 0; i < 6; i++) expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(10_000);
      clock.now += 4_000;
      expect(await store.take(bucket)).toBe(6_000);
      clock.now += 6_000;
      expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(10_000);
    });

    it('takes from every bucket or from none, and waits for the emptiest', async () => {
      const { store } = storeAt();
      const account = { key: 'account', budget: perMinute(2) };
      const client = { key: 'client', budget: perMinute(3) };
      expect(await store.take([account, client])).toBe(0);
      expect(await store.take([account, client])).toBe(0);
      // The account is empty: refused, and the client keeps its last write.
      expect(await store.take([account, client])).toBe(30_000);
      expect(await store.take([client])).toBe(0);
      expect(await store.take([client])).toBe(20_000);
    });

    it('takes back a write given back, never past the limit', async () => {
      const { clock, store } = storeAt();
      const bucket = [{ key: 'refund', budget: perMinute(2) }];
      await store.giveBack(bucket); // a full bucket stays full
      expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(30_000);
      await store.giveBack(bucket);
      expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(30_000);
      clock.now += 60_000;
      await store.giveBack(bucket);
      await store.giveBack(bucket);
      expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(0);
      expect(await store.take(bucket)).toBe(30_000);
    });

    it('grants exactly the limit to a burst of concurrent takes', async () => {
      const { store } = storeAt(1_000_000);
      const bucket = [{ key: 'burst', budget: perMinute(5) }];
      const waits = await Promise.all(Array.from({ length: 20 }, () => store.take(bucket)));
      expect(waits.filter((w) => w === 0)).toHaveLength(5);
    });
  });
}

let link: RedisLink | undefined;
let storeCount = 0;
beforeAll(async () => {
  if (redis.ok) link = await openTestRedis('rate-limit-store');
});
afterAll(async () => {
  if (!link) return;
  await dropRedisNamespace(link.prefix);
  await link.close();
});

contract('MemoryRateLimitStore', (now) => new MemoryRateLimitStore({ now }));
// Each test's store gets keys of its own (the Redis namespace outlives a store).
contract(
  'RedisRateLimitStore',
  (now) => {
    const n = ++storeCount;
    const store = new RedisRateLimitStore(link!, { now });
    const own = (buckets: readonly Bucket[]) => buckets.map((b) => ({ ...b, key: `${n}:${b.key}` }));
    return { take: (buckets) => store.take(own(buckets)), giveBack: (buckets) => store.giveBack(own(buckets)) };
  },
  redis.skipped,
);

describe('MemoryRateLimitStore', () => {
  function storeAt(start = 0, maxKeys?: number) {
    const clock = { now: start };
    const store = new MemoryRateLimitStore({ now: () => clock.now, maxKeys });
    return { clock, store };
  }

  it('forgets refilled buckets and keeps at most maxKeys', async () => {
    const { clock, store } = storeAt(0, 100);
    for (let i = 0; i < 50; i++) await store.take([{ key: `k${i}`, budget: perMinute(10) }]);
    expect(store.size).toBe(50);
    clock.now += 61_000; // all full again, and the sweep is due
    await store.take([{ key: 'fresh', budget: perMinute(10) }]);
    expect(store.size).toBe(1);

    const flood = (i: number) => [{ key: `flood${i}`, budget: perMinute(1) }];
    for (let i = 0; i < 500; i++) expect(await store.take(flood(i))).toBe(0);
    expect(store.size).toBeLessThanOrEqual(100);
    // The most recent buckets are kept (still empty); the oldest were dropped (a fresh budget).
    expect(await store.take(flood(499))).toBeGreaterThan(0);
    expect(await store.take(flood(0))).toBe(0);
  });
});

describe.skipIf(!redis.ok)(`RedisRateLimitStore${redis.skipped}`, () => {
  it('keeps a bucket only until it would be full again', async () => {
    const store = new RedisRateLimitStore(link!, { now: () => 0 });
    await store.take([{ key: 'ttl', budget: perMinute(6) }]);
    const ttl = await link!.commands.pttl(link!.key('write-budget:ttl'));
    expect(ttl).toBeGreaterThan(9_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });
});
