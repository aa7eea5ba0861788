import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatives } from '@server/db/schema';
import { RedisLink } from '@server/redis/redis-link';
import { dropRedisNamespace, probeRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '@server/redis/test-redis';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The catalogue engine kept in step without reading the journal before every query (the default of
 * a server: CATALOGUE_POLL_MS, here a minute or a fifth of a second): an API write shows on the next
 * request of the instance that made it, and within a second on another instance through Redis; a
 * write made straight to the database shows once the journal is read.
 */
const redis = await probeRedis();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Gallery {
  items: { id: string; likes: number }[];
}

async function galleryIds(app: TestApp, q: string): Promise<string[]> {
  const res = await app.request<Gallery>('GET', `/api/creatives?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.items.map((c) => c.id);
}

/** How long until `app`'s gallery search for `q` lists `id` (throws after `timeoutMs`). */
async function timeUntilListed(app: TestApp, q: string, id: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await galleryIds(app, q)).includes(id)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${id} not listed after ${timeoutMs} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

/** The app of a describe block: no response cache, the journal read every `pollMs`. */
function appPollingEvery(pollMs: number): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ env: { CATALOGUE_POLL_MS: String(pollMs), RESPONSE_CACHE: 'off' } });
  });
  afterAll(() => app?.close());
  return () => app!;
}

describe('one instance', () => {
  const app = appPollingEvery(60_000);

  it("shows an API write on the instance's next request, and a write made outside the API once the journal is read", async () => {
    const t = app();
    const pending = await insertCreative(t.db, { name: 'Ornithorynque bleu', status: 'pending', validated: false });
    expect(await galleryIds(t, 'ornithorynque')).toEqual([]);
    const { cookie } = await t.loginAs('specialist');
    expect((await t.request('POST', `/api/creatives/${pending.id}/approve`, { cookie })).status).toBe(200);
    expect(await galleryIds(t, 'ornithorynque')).toEqual([pending.id]);
    // Straight to the table: the journal holds it, and the next reading of the journal applies it.
    await t.db.update(creatives).set({ status: 'rejected' }).where(eq(creatives.id, pending.id));
    t.deps.caches.catalogue.changed();
    expect(await galleryIds(t, 'ornithorynque')).toEqual([]);
  });
});

describe('writes made outside the API', () => {
  const app = appPollingEvery(200);

  it('show within the polling period', async () => {
    const t = app();
    await galleryIds(t, 'tamanoir');
    const added = await insertCreative(t.db, { name: 'Tamanoir géant' });
    expect(await timeUntilListed(t, 'tamanoir', added.id, 5_000)).toBeLessThan(2_000);
  });
});

describe.skipIf(!redis.ok)(`two instances sharing Redis${redis.skipped}`, () => {
  let prefix: string;
  let links: RedisLink[] = [];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    prefix = uniqueRedisPrefix('catalogue-instances');
    links = [new RedisLink({ url: TEST_REDIS_URL, prefix }), new RedisLink({ url: TEST_REDIS_URL, prefix })];
    for (const link of links) expect(await link.waitUntilReady(5_000)).toBe(true);
    const env = { CATALOGUE_POLL_MS: '60000' };
    a = await createTestApp({ env, redis: links[0] });
    b = await createTestApp({ env, redis: links[1], instanceOf: a });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const link of links) await link.close();
    if (prefix) await dropRedisNamespace(prefix);
  });

  it('shows an approval and a like made on A in the gallery of B within a second', async () => {
    const pending = await insertCreative(a.db, { name: 'Pangolin doré', status: 'pending', validated: false });
    const other = await insertCreative(a.db, { name: 'Pangolin argenté', likes: 3 });
    // Both instances load with the approved one only (their first query).
    await a.deps.caches.catalogue.start();
    await b.deps.caches.catalogue.start();
    a.deps.caches.catalogue.changed();
    b.deps.caches.catalogue.changed();
    expect(await galleryIds(b, 'pangolin')).toEqual([other.id]);
    const { cookie } = await a.loginAs('specialist');
    expect((await a.request('POST', `/api/creatives/${pending.id}/approve`, { cookie })).status).toBe(200);
    expect(await timeUntilListed(b, 'pangolin', pending.id, 5_000)).toBeLessThan(1_000);
    // Sorted by likes: a like on A moves the new one first on B.
    const liker = await a.loginAs('user');
    for (const user of [liker, await a.loginAs('user'), await a.loginAs('user'), await a.loginAs('user')]) {
      expect((await a.request('POST', `/api/creatives/${pending.id}/like`, { cookie: user.cookie })).status).toBe(200);
    }
    const started = Date.now();
    for (;;) {
      const res = await b.request<Gallery>('GET', '/api/creatives?q=pangolin&sort=likes');
      if (res.body.items[0]?.id === pending.id) break;
      expect(Date.now() - started).toBeLessThan(1_000);
      await sleep(10);
    }
  });
});
