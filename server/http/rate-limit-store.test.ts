import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit-store';

const perMinute = (limit: number) => ({ limit, windowSeconds: 60 });

function storeAt(start = 0, maxKeys?: number) {
  const clock = { now: start };
  const store = new MemoryRateLimitStore({ now: () => clock.now, maxKeys });
  return { clock, store };
}

describe('MemoryRateLimitStore', () => {
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
