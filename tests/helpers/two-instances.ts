import { RedisLink } from '@server/redis/redis-link';
import { dropRedisNamespace, TEST_REDIS_URL, uniqueRedisPrefix } from '@server/redis/test-redis';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** Closes both instances and their Redis connections, and removes the Redis namespace. */
  close(): Promise<void>;
}

/**
 * Two server instances on one database, each with its own connection to one Redis namespace, as
 * several instances run in production. Both are subscribed when it resolves: a message published
 * before that would not be replayed.
 */
export async function openTwoInstances(name: string, options: Omit<TestAppOptions, 'redis' | 'instanceOf'> = {}): Promise<TwoInstances> {
  const prefix = uniqueRedisPrefix(name);
  const links = [new RedisLink({ url: TEST_REDIS_URL, prefix }), new RedisLink({ url: TEST_REDIS_URL, prefix })];
  const apps: TestApp[] = [];
  const close = async () => {
    for (const app of apps.reverse()) await app.close();
    for (const link of links) await link.close();
    await dropRedisNamespace(prefix);
  };
  try {
    apps.push(await createTestApp({ ...options, redis: links[0] }));
    apps.push(await createTestApp({ ...options, redis: links[1], instanceOf: apps[0] }));
    for (const link of links) if (!(await link.waitUntilReady(10_000))) throw new Error(`Redis at ${TEST_REDIS_URL} not ready`);
  } catch (err) {
    await close();
    throw err;
  }
  return { a: apps[0]!, b: apps[1]!, close };
}
