import { luaScript } from '@server/redis/lua-script';
import type { RedisLink } from '@server/redis/redis-link';
import type { Bucket, RateLimitStore } from './rate-limit-store';

/**
 * The arithmetic of MemoryRateLimitStore, run atomically inside Redis: KEYS are the buckets,
 * ARGV[1] the time (ms), then each bucket's limit and cost (its window in ms). A bucket is a hash
 * {level, at} that expires when it would be full again — an expired bucket equals a missing one,
 * so Redis forgets refilled buckets by itself. Returns 0 when every bucket gave one write, else
 * the milliseconds until all of them have one again (and takes nothing).
 */
const TAKE = luaScript(`
local now = tonumber(ARGV[1])
local wait = 0
local levels = {}
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2])
  local cost = tonumber(ARGV[i * 2 + 1])
  local capacity = limit * cost
  local state = redis.call('HMGET', key, 'level', 'at')
  local level = capacity
  if state[1] then level = math.min(capacity, tonumber(state[1]) + (now - tonumber(state[2])) * limit) end
  if level < cost then wait = math.max(wait, math.ceil((cost - level) / limit)) end
  levels[i] = level
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2])
  local cost = tonumber(ARGV[i * 2 + 1])
  local left = levels[i] - cost
  redis.call('HSET', key, 'level', left, 'at', now)
  redis.call('PEXPIRE', key, math.max(1, math.ceil((limit * cost - left) / limit)))
end
return 0
`);

/** MemoryRateLimitStore.giveBack in Redis: ARGV as for TAKE; a missing bucket is full already. */
const GIVE_BACK = luaScript(`
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2])
  local cost = tonumber(ARGV[i * 2 + 1])
  local capacity = limit * cost
  local state = redis.call('HMGET', key, 'level', 'at')
  if state[1] then
    local level = math.min(capacity, tonumber(state[1]) + (now - tonumber(state[2])) * limit + cost)
    redis.call('HSET', key, 'level', level, 'at', now)
    redis.call('PEXPIRE', key, math.max(1, math.ceil((capacity - level) / limit)))
  end
end
return 0
`);

/**
 * The write budgets shared by every server instance (REDIS_URL). The time comes from this
 * server's clock, as for the memory store: instances must keep their clocks in step (NTP), and a
 * few milliseconds of skew only shift a refill by as much.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly now: () => number;

  constructor(
    private readonly redis: RedisLink,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async take(buckets: readonly Bucket[]): Promise<number> {
    if (buckets.length === 0) return 0;
    return Number(await TAKE(this.redis.commands, ...this.argsOf(buckets)));
  }

  async giveBack(buckets: readonly Bucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await GIVE_BACK(this.redis.commands, ...this.argsOf(buckets));
  }

  /** The scripts' KEYS and ARGV: the buckets' keys; the time, then each bucket's limit and cost. */
  private argsOf(buckets: readonly Bucket[]): [string[], number[]] {
    const keys = buckets.map((b) => this.redis.key(`write-budget:${b.key}`));
    return [keys, [this.now(), ...buckets.flatMap((b) => [b.budget.limit, b.budget.windowSeconds * 1000])]];
  }
}
