import type { BetterAuthOptions } from 'better-auth';
import { luaScript } from '../redis/lua-script';
import type { RedisLink } from '../redis/redis-link';
import { failClosed } from './sign-in-unavailable';

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

/**
 * better-auth's own decision (decideConsume in better-auth/dist/api/rate-limiter: a window that
 * starts again once `window` has passed since the last allowed request), atomic in Redis. KEYS[1]
 * is the hash {count, last}, kept `window` after the last allowed request; ARGV: the time (ms),
 * the window (ms), the maximum. Returns -1 when allowed, else the seconds to wait.
 */
const CONSUME = luaScript(`
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'count', 'last')
local count = 0
if state[1] and now - tonumber(state[2]) < window then count = tonumber(state[1]) end
if count >= max then return math.ceil((tonumber(state[2]) + window - now) / 1000) end
redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], window)
return -1
`);

/**
 * better-auth's per-address limits kept in Redis, so that they hold across server instances. Its
 * `rateLimit.customStorage` is used, not `secondaryStorage`: the latter would also move sessions
 * out of PostgreSQL into Redis (its internal adapter keeps sessions in secondaryStorage when one is given),
 * which we do not want — the database stays the one place of accounts and sessions.
 *
 * Redis failing: the password endpoints (those with a rule of their own, `guarded`) fail closed —
 * SignInUnavailableError, which better-auth's router does not catch (its onRequest hook throws
 * through the handler), so our error handler answers 503 with the French message; any other
 * endpoint (signing out) goes on unlimited.
 */
export function redisAuthRateLimit(redis: RedisLink, guarded: readonly string[], now: () => number = Date.now): RateLimitStorage {
  return {
    async consume(key, rule) {
      const run = CONSUME(redis.commands, [redis.key(`auth-limit:${key}`)], [now(), rule.window * 1000, rule.max]);
      const path = key.slice(key.lastIndexOf('|') + 1);
      const waitSeconds = Number(guarded.includes(path) ? await failClosed(run) : await run.catch(() => -1));
      return waitSeconds < 0 ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: Math.max(1, waitSeconds) };
    },
  };
}
