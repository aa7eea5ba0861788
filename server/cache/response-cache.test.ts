import { describe, expect, it } from 'vitest';
import { etagMatches, etagOf } from '../http/delivery/conditional-get';
import { cacheKey, ResponseCache } from './response-cache';

const bytes = (text: string) => new TextEncoder().encode(text);
const JSON_TYPE = 'application/json';

describe('ResponseCache', () => {
  it('serves an entry of the current generation until its TTL', () => {
    let now = 1000;
    const cache = new ResponseCache({ ttlMs: 30_000, now: () => now });
    const g = cache.generation;
    const stored = cache.set('/a', g, bytes('{"a":1}'), JSON_TYPE);
    expect(stored.etag).toBe(etagOf(bytes('{"a":1}')));
    expect(cache.get('/a', g)).toBe(stored);
    now += 29_999;
    expect(cache.get('/a', g)).toBe(stored);
    now += 1;
    expect(cache.get('/a', g)).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('drops everything on invalidate, and never stores a read begun before it', () => {
    const cache = new ResponseCache();
    const before = cache.generation;
    cache.set('/a', before, bytes('old'), JSON_TYPE);
    // A read starts, a write commits and invalidates, then the read ends and tries to store.
    const readStartedAt = cache.generation;
    cache.invalidate();
    cache.set('/b', readStartedAt, bytes('stale'), JSON_TYPE);
    expect(cache.get('/a', cache.generation)).toBeUndefined();
    expect(cache.get('/b', cache.generation)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    cache.set('/b', cache.generation, bytes('fresh'), JSON_TYPE);
    expect(cache.get('/b', cache.generation)?.body).toEqual(bytes('fresh'));
  });

  it('evicts the least recently used entries beyond its entry count and its byte size', () => {
    const cache = new ResponseCache({ maxEntries: 3, maxBytes: 100_000 });
    const g = cache.generation;
    for (const key of ['/1', '/2', '/3']) cache.set(key, g, bytes(key), JSON_TYPE);
    cache.get('/1', g); // now the most recent
    cache.set('/4', g, bytes('/4'), JSON_TYPE);
    expect(cache.get('/2', g)).toBeUndefined();
    expect(['/1', '/3', '/4'].every((k) => cache.get(k, g))).toBe(true);

    const small = new ResponseCache({ maxEntries: 100, maxBytes: 8 * 1024 });
    for (let i = 0; i < 20; i++) small.set(`/p${i}`, g, new Uint8Array(800), JSON_TYPE);
    expect(small.size.bytes).toBeLessThanOrEqual(8 * 1024);
    expect(small.get('/p19', g)).toBeDefined();
    expect(small.get('/p0', g)).toBeUndefined();
    // An answer bigger than a quarter of the budget is answered but not kept.
    small.set('/big', g, new Uint8Array(2100), JSON_TYPE);
    expect(small.get('/big', g)).toBeUndefined();
  });

  it('lets concurrent misses of one key and generation wait for the first', async () => {
    const cache = new ResponseCache();
    const g = cache.generation;
    expect(cache.join('/a', g)).toBeUndefined();
    const settle = cache.lead('/a', g);
    const waiting = cache.join('/a', g);
    expect(waiting).toBeDefined();
    cache.invalidate();
    expect(cache.join('/a', cache.generation)).toBeUndefined();
    const entry = cache.set('/a', g, bytes('x'), JSON_TYPE);
    settle(entry);
    expect(await waiting).toBe(entry);
    expect(cache.join('/a', g)).toBeUndefined();
  });
});

describe('cacheKey', () => {
  it('sorts and normalises the query string', () => {
    expect(cacheKey('/api/creatives', 'http://x/api/creatives')).toBe('/api/creatives');
    expect(cacheKey('/api/creatives', 'http://x/api/creatives?')).toBe('/api/creatives');
    expect(cacheKey('/api/creatives', 'http://x/api/creatives?sort=likes&q=caf%C3%A9')).toBe(
      cacheKey('/api/creatives', 'http://x/api/creatives?q=café&sort=likes'),
    );
    expect(cacheKey('/api/creatives', 'http://x/api/creatives?q=a+b')).toBe(cacheKey('/api/creatives', 'http://x/api/creatives?q=a%20b'));
    expect(cacheKey('/api/creatives', 'http://x/api/creatives?q=a')).not.toBe(cacheKey('/api/creatives', 'http://x/api/creatives?q=b'));
  });
});

describe('etagMatches', () => {
  const tag = etagOf(bytes('{}'));
  it('matches *, the tag, its weak form, inside a list', () => {
    expect(etagMatches(tag, '*')).toBe(true);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag, `W/${tag}`)).toBe(true);
    expect(etagMatches(tag, `"x", ${tag}`)).toBe(true);
    expect(etagMatches(tag, '"x"')).toBe(false);
    expect(etagMatches(tag, undefined)).toBe(false);
  });
});
