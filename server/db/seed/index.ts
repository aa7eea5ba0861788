import { sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { user } from '../schema';
import { createAccount, DEMO_ACCOUNTS } from './accounts';

/** Seeds the demo content into an empty database (no user yet). */
export async function seedIfEmpty(deps: Deps): Promise<boolean> {
  const [{ count }] = (await deps.db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
  if (count > 0) return false;
  const started = Date.now();
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) ids[account.role] = await createAccount(deps.db, deps.auth, account);
  console.log(`[seed] contenu de démonstration créé en ${Date.now() - started} ms`);
  return true;
}
