import { inArray, sql } from 'drizzle-orm';
import type { Deps } from '@server/http/context';
import { user } from '../schema';
import { createAccount, DEMO_ACCOUNTS } from './accounts';
import { seedDemoContent } from './demo-content';
import { logger } from '@server/log';

/** Seeds the demo accounts and library into an empty database (no user yet). */
export async function seedIfEmpty(deps: Deps): Promise<boolean> {
  const [{ count }] = (await deps.db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
  if (count > 0) return false;
  const started = Date.now();
  const ids = {} as Record<(typeof DEMO_ACCOUNTS)[number]['role'], string>;
  for (const account of DEMO_ACCOUNTS) ids[account.role] = await createAccount(deps.db, deps.auth.betterAuth, account);
  let counts: Awaited<ReturnType<typeof seedDemoContent>>;
  try {
    counts = await seedDemoContent(deps, { specialist: ids.specialist, admin: ids.admin, agency: ids.agency });
  } catch (err) {
    // Leave the database empty again, so the next start seeds from scratch.
    await deps.db.delete(user).where(inArray(user.id, Object.values(ids)));
    throw err;
  }
  logger.info(
    `[seed] contenu de démonstration : ${DEMO_ACCOUNTS.length} comptes, ${counts.members} membres, ${counts.creatives} créatives (${counts.approved} validées) en ${Date.now() - started} ms`,
  );
  return true;
}
