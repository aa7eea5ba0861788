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
});
