import { luaScript } from '../redis/lua-script';
import type { RedisLink } from '../redis/redis-link';
import { backoffDelayMs, FORGET_AFTER_MS, MAX_DELAY_MS, type SignInAttempts } from './sign-in-backoff';

/**
 * MemorySignInAttempts' arithmetic, atomic in Redis. KEYS[1] is the streak, a hash {attempts,
 * lastAt} that expires FORGET_AFTER_MS after its last attempt (so Redis forgets old streaks by
 * itself); ARGV: the time (ms), FORGET_AFTER_MS, then the wait after 0, 1, 2… attempts up to the
 * first maximal one, which holds for every longer streak. Returns the milliseconds left to wait,
 * or 0 after counting this attempt.
 */
const BEGIN = luaScript(`
local now = tonumber(ARGV[1])
local forget = tonumber(ARGV[2])
local waits = #ARGV - 2
local state = redis.call('HMGET', KEYS[1], 'attempts', 'lastAt')
local attempts, last = 0, now
if state[1] and now - tonumber(state[2]) < forget then
  attempts = tonumber(state[1])
  last = tonumber(state[2])
end
local wait = last + tonumber(ARGV[2 + math.min(attempts + 1, waits)]) - now
if wait > 0 then return wait end
redis.call('HSET', KEYS[1], 'attempts', attempts + 1, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], forget)
return 0
`);

/** backoffDelayMs for 0, 1, 2… attempts, ending with the first MAX_DELAY_MS (the rule stays in one place). */
function waitsByAttempts(): number[] {
  const waits: number[] = [];
  for (let attempts = 0; waits.at(-1) !== MAX_DELAY_MS; attempts++) waits.push(backoffDelayMs(attempts));
  return waits;
}

/** The sign-in back-off shared by every server instance (REDIS_URL); a Redis failure rejects (sign-in fails closed). */
export class RedisSignInAttempts implements SignInAttempts {
  private readonly now: () => number;
  private readonly waits = waitsByAttempts();

  constructor(
    private readonly redis: RedisLink,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async begin(email: string): Promise<number> {
    return Number(await BEGIN(this.redis.commands, [this.keyOf(email)], [this.now(), FORGET_AFTER_MS, ...this.waits]));
  }

  async succeeded(email: string): Promise<void> {
    await this.redis.commands.del(this.keyOf(email));
  }

  private keyOf(email: string): string {
    return this.redis.key(`sign-in-streak:${email}`);
  }
}
