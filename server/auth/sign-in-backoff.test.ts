import { describe, expect, it } from 'vitest';
import { backoffDelayMs, FREE_ATTEMPTS, MAX_DELAY_MS, MemorySignInAttempts } from './sign-in-backoff';

describe('backoffDelayMs', () => {
  it('is free for the first attempts, then doubles from one second up to the cap', () => {
    const delays = Array.from({ length: FREE_ATTEMPTS + 9 }, (_, i) => backoffDelayMs(i));
    expect(delays).toEqual([...Array<number>(FREE_ATTEMPTS).fill(0), 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS);
  });
});

describe('MemorySignInAttempts', () => {
  function attemptsAt(maxKeys?: number) {
    const clock = { now: 0 };
    return { clock, attempts: new MemorySignInAttempts({ now: () => clock.now, maxKeys }) };
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

  it('keeps at most maxKeys streaks, dropping the least recently attempted', async () => {
    const { attempts } = attemptsAt(10);
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attempts.begin('kept@example.com');
    for (let i = 0; i < 8; i++) await attempts.begin(`other${i}@example.com`);
    expect(await attempts.begin('kept@example.com')).toBe(1_000);
    for (let i = 8; i < 30; i++) await attempts.begin(`other${i}@example.com`);
    expect(await attempts.begin('kept@example.com')).toBe(0);
  });
});
