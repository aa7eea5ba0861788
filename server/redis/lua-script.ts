import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

export type LuaScript = (redis: Redis, keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

/**
 * A Lua script run atomically by Redis: by its SHA-1 (EVALSHA), sent whole only when this Redis
 * does not know it yet (after a restart, say).
 */
export function luaScript(source: string): LuaScript {
  const sha = crypto.createHash('sha1').update(source).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}
