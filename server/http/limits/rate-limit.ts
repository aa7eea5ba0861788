import type { Context, MiddlewareHandler } from 'hono';
import { MSG } from '@domain/messages';
import { logger } from '@server/log';
import { clientAddress, clientKey, isLoopback } from '@server/http/client-address';
import type { AppEnv, Deps } from '@server/http/context';
import { isSafeMethod } from '@server/http/methods';
import type { Bucket } from './rate-limit-store';
import { RateLimitedError } from './rate-limited';
import { policyOf } from '@server/http/route-policy';
import { scaledBudgets, type WriteKind } from './write-budgets';

/** The budget kind of this request: its route's (route-policy.ts), 'unknown' for a write no route declares (a 404), null for a free read. */
function budgetKindOf(c: Context<AppEnv>): WriteKind | null {
  const budget = policyOf(c)?.budget;
  if (isSafeMethod(c.req.method)) return budget ?? null;
  return budget ?? 'unknown';
}

/**
 * Per-account and per-client budgets on every API write and the few costly reads that declare a
 * budget on their route (server/http/route-policy.ts; the figures in write-budgets.ts): past
 * one, 429 RATE_LIMITED with `Retry-After` and a French message saying when to retry. Runs after
 * the session is known (the account) and before the route (a refused write does no work).
 *
 * When the store cannot answer (Redis unreachable) the write goes through uncounted — the budgets
 * bound abuse, they do not guard secrets, and refusing every write for as long as Redis is down
 * would be worse — and the failure is logged once until the store answers again.
 */
export function writeRateLimit(deps: Pick<Deps, 'config' | 'limits'>): MiddlewareHandler<AppEnv> {
  const store = deps.limits.writes;
  const factor = deps.config.env.WRITE_RATE_LIMIT;
  if (!store || factor === 'off') return (_c, next) => next();
  const budgets = scaledBudgets(factor);
  const trustProxy = deps.config.env.TRUST_PROXY;
  let failing = false;
  const takeOrOpen = async (buckets: Bucket[]): Promise<number> => {
    try {
      const waitMs = await store.take(buckets);
      failing = false;
      return waitMs;
    } catch (err) {
      if (!failing) logger.warn({ err }, "budgets d'écriture indisponibles : écritures acceptées sans décompte");
      failing = true;
      return 0;
    }
  };
  return async (c, next) => {
    const kind = budgetKindOf(c);
    if (!kind) return next();
    const budget = budgets[kind];
    const address = clientAddress(c, trustProxy);
    // A loopback peer is this machine: a local process, or the reverse proxy in front of a server
    // that listens on 127.0.0.1 (the default) without TRUST_PROXY — every visitor would then share
    // one bucket, and the site's sign-ups would stop at the budget of one address.
    const buckets: Bucket[] = isLoopback(address) ? [] : [{ key: `${kind} client ${clientKey(address)}`, budget: budget.client }];
    const user = c.get('user');
    if (user && budget.account) buckets.push({ key: `${kind} account ${user.id}`, budget: budget.account });
    const waitMs = buckets.length ? await takeOrOpen(buckets) : 0;
    if (waitMs > 0) throw new RateLimitedError(waitMs, MSG.tooManyWrites);
    await next();
  };
}
