import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { parseEnv } from '../env';
import { RedisLink } from './redis-link';

/**
 * Test support for the suites that need a real Redis: REDIS_URL from the environment, else the
 * machine's (redis://127.0.0.1:6379). A suite asks `probeRedis()` once, and when nothing answers
 * it skips itself with the reason in its name — never a fake pass.
 */
export const TEST_REDIS_URL = parseEnv().REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface RedisProbe {
  ok: boolean;
  /** Why the suite is skipped ('' when ok), for its title. */
  skipped: string;
}

export async function probeRedis(url = TEST_REDIS_URL): Promise<RedisProbe> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return { ok: true, skipped: '' };
  } catch (err) {
    const reason = `skipped: no Redis answers at ${url} (${err instanceof Error ? err.message : String(err)})`;
    console.warn(reason);
    return { ok: false, skipped: ` [${reason}]` };
  } finally {
    client.disconnect();
  }
}

/** A namespace of its own for one test file or test, so that parallel suites sharing one Redis never meet. */
export function uniqueRedisPrefix(name: string): string {
  return `test:${name}:${process.pid}:${crypto.randomBytes(4).toString('hex')}:`;
}

/** A RedisLink in a fresh namespace, connected. */
export async function openTestRedis(name: string, url = TEST_REDIS_URL): Promise<RedisLink> {
  const link = new RedisLink({ url, prefix: uniqueRedisPrefix(name) });
  if (!(await link.waitUntilReady(5_000))) throw new Error(`Redis at ${url} did not become ready`);
  return link;
}

/** Deletes every key of `prefix` (a test's namespace). */
export async function dropRedisNamespace(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 0 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
