import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisLink } from '../redis/redis-link';
import { dropRedisNamespace, openTestRedis, probeRedis } from '../redis/test-redis';
import { RedisSignInAttempts } from './redis-sign-in-attempts';
import { backoffDelayMs, FREE_ATTEMPTS, MAX_DELAY_MS, MemorySignInAttempts, type SignInAttempts } from './sign-in-backoff';

const redis = await probeRedis();

describe('backoffDelayMs', () => {
  it('is free for the first attempts, then doubles from one second up to the cap', () => {
    const delays = Array.from({ length: FREE_ATTEMPTS + 9 }, (_, i) => backoffDelayMs(i));
    expect(delays).toEqual([...Array<number>(FREE_ATTEMPTS).fill(0), 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS);
  });
});

/** The same behaviour from every store: one process's memory, or Redis shared by instances. */
function contract(name: string, open: (now: () => number) => SignInAttempts, skip = '') {
  describe.skipIf(skip !== '')(`${name}: the SignInAttempts contract${skip}`, () => {
    function attemptsAt() {
      const clock = { now: 1_000_000 };
      return { clock, attempts: open(() => clock.now) };
    }

    it('counts an attempt before the check, refuses during the wait, and forgets a streak after a success', async () => {
      const { clock, attempts } = attemptsAt();
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await attempts.begin('a@example.com')).toBe(0);
      expect(await attempts.begin('a@example.com')).toBe(1_000);
      expect(await attempts.begin('b@example.com')).toBe(0); // another address is not affected
      clock.now += 400;
      expect(await attempts.begin('a@example.com')).toBe(600); // a refused attempt does not count
      clock.now += 600;
      expect(await attempts.begin('a@example.com')).toBe(0);
      expect(await attempts.begin('a@example.com')).toBe(2_000);
      await attempts.succeeded('a@example.com');
      expect(await attempts.begin('a@example.com')).toBe(0);
    });

    it('forgets a streak left alone for 15 minutes', async () => {
      const { clock, attempts } = attemptsAt();
      for (let i = 0; i < FREE_ATTEMPTS; i++) await attempts.begin('a@example.com');
      clock.now += 15 * 60_000;
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await attempts.begin('a@example.com')).toBe(0);
    });

    it('reaches the longest wait and stays there', async () => {
      const { clock, attempts } = attemptsAt();
      for (let i = 0; i < FREE_ATTEMPTS + 20; i++) {
        const wait = await attempts.begin('long@example.com');
        clock.now += wait;
        if (wait === 0) continue;
        expect(wait).toBeLessThanOrEqual(MAX_DELAY_MS);
        expect(await attempts.begin('long@example.com')).toBe(0);
      }
      expect(await attempts.begin('long@example.com')).toBe(MAX_DELAY_MS);
    });

    it('lets only the free attempts through in a burst of concurrent ones', async () => {
      const { attempts } = attemptsAt();
      const waits = await Promise.all(Array.from({ length: FREE_ATTEMPTS + 10 }, () => attempts.begin('burst@example.com')));
      expect(waits.filter((w) => w === 0)).toHaveLength(FREE_ATTEMPTS);
    });
  });
}

let link: RedisLink | undefined;
let storeCount = 0;
beforeAll(async () => {
  if (redis.ok) link = await openTestRedis('sign-in-backoff');
});
afterAll(async () => {
  if (!link) return;
  await dropRedisNamespace(link.prefix);
  await link.close();
});

contract('MemorySignInAttempts', (now) => new MemorySignInAttempts({ now }));
// Each test's store gets addresses of its own (the Redis namespace outlives a store).
contract(
  'RedisSignInAttempts',
  (now) => {
    const n = ++storeCount;
    const store = new RedisSignInAttempts(link!, { now });
    return { begin: (email) => store.begin(`${n}.${email}`), succeeded: (email) => store.succeeded(`${n}.${email}`) };
  },
  redis.skipped,
);

describe('MemorySignInAttempts', () => {
  function attemptsAt(maxKeys?: number) {
    const clock = { now: 0 };
    return { clock, attempts: new MemorySignInAttempts({ now: () => clock.now, maxKeys }) };
  }

  it('keeps at most maxKeys streaks, dropping the least recently attempted', async () => {
    const { attempts } = attemptsAt(10);
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attempts.begin('kept@example.com');
    for (let i = 0; i < 8; i++) await attempts.begin(`other${i}@example.com`);
    expect(await attempts.begin('kept@example.com')).toBe(1_000);
    for (let i = 8; i < 30; i++) await attempts.begin(`other${i}@example.com`);
    expect(await attempts.begin('kept@example.com')).toBe(0);
  });
});

describe.skipIf(!redis.ok)(`RedisSignInAttempts${redis.skipped}`, () => {
  it('keeps a streak 15 minutes after its last attempt, then Redis forgets it', async () => {
    const attempts = new RedisSignInAttempts(link!);
    await attempts.begin('ttl@example.com');
    const ttl = await link!.commands.pttl(link!.key('sign-in-streak:ttl@example.com'));
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });
});
