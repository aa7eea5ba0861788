import { describe, expect, it } from 'vitest';
import type { User } from '@domain/types';
import { SessionCache } from './session-cache';

const ada: User = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('SessionCache', () => {
  it('remembers a session for its TTL only', () => {
    let now = 0;
    const cache = new SessionCache(2_000, 10, () => now);
    cache.set('cookie-a', ada);
    now = 1_999;
    expect(cache.get('cookie-a')).toEqual(ada);
    now = 2_000;
    expect(cache.get('cookie-a')).toBeUndefined();
  });

  it('forgets everything on clear, and starts over when full', () => {
    const cache = new SessionCache(2_000, 2);
    cache.set('a', ada);
    cache.set('b', ada);
    cache.set('c', ada);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toEqual(ada);
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('looks a cookie up once for the requests that arrive together, and remembers it', async () => {
    const cache = new SessionCache();
    let lookups = 0;
    const load = async () => {
      lookups += 1;
      await new Promise((r) => setTimeout(r, 5));
      return ada;
    };
    const users = await Promise.all(Array.from({ length: 20 }, () => cache.resolve('cookie-a', load)));
    expect(users.every((u) => u === ada)).toBe(true);
    expect(lookups).toBe(1);
    expect(await cache.resolve('cookie-a', load)).toBe(ada);
    expect(lookups).toBe(1);
  });

  it('does not remember a lookup that began before a clear (a role change, a sign-out)', async () => {
    const cache = new SessionCache();
    let release!: () => void;
    const before = cache.resolve('cookie-a', () => new Promise<User>((r) => (release = () => r(ada))));
    cache.clear();
    release();
    await before;
    expect(cache.get('cookie-a')).toBeUndefined();
    let lookups = 0;
    await cache.resolve('cookie-a', async () => {
      lookups += 1;
      return { ...ada, role: 'admin' };
    });
    expect(lookups).toBe(1);
    expect(cache.get('cookie-a')?.role).toBe('admin');
  });

  it('does not remember an unknown cookie, and lets a failed lookup be retried', async () => {
    const cache = new SessionCache();
    expect(await cache.resolve('nobody', async () => null)).toBeNull();
    expect(cache.get('nobody')).toBeUndefined();
    await expect(cache.resolve('cookie-a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.resolve('cookie-a', async () => ada)).toBe(ada);
  });
});
