import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLink } from './redis-link';
import { dropRedisNamespace, openTestRedis, probeRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './test-redis';

const redis = await probeRedis();

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('RedisLink without a Redis', () => {
  it('fails commands at once instead of queueing them, and keeps trying in the background', async () => {
    const link = new RedisLink({ url: `redis://127.0.0.1:${await closedPort()}`, prefix: uniqueRedisPrefix('unreachable') });
    try {
      expect(await link.waitUntilReady(200)).toBe(false);
      expect(link.state).not.toBe('ready');
      expect(link.listening).toBe(false);
      const started = Date.now();
      await expect(link.commands.ping()).rejects.toThrow();
      await expect(link.publish('channel', 'message')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(100);
    } finally {
      await link.close();
    }
    expect(link.state).toBe('closed');
  });
});

describe.skipIf(!redis.ok)(`RedisLink${redis.skipped}`, () => {
  const links: RedisLink[] = [];
  afterAll(async () => {
    for (const link of links) await link.close();
    if (links[0]) await dropRedisNamespace(links[0].prefix);
  });

  it('delivers a message to every subscriber of its namespace, and to none of another', async () => {
    const a = await openTestRedis('link');
    const b = new RedisLink({ url: TEST_REDIS_URL, prefix: a.prefix });
    const other = await openTestRedis('link-other');
    links.push(a, b, other);
    expect(await b.waitUntilReady(5_000)).toBe(true);
    const received: string[] = [];
    b.subscribe('news', (m) => received.push(`b:${m}`));
    other.subscribe('news', (m) => received.push(`other:${m}`));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the SUBSCRIBEs reach Redis
    await a.publish('news', 'hello');
    await expect.poll(() => received, { timeout: 1_000 }).toEqual(['b:hello']);
    expect(a.key('x')).toBe(`${a.prefix}x`);
  });
});
