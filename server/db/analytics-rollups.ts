import { getTableName, sql } from 'drizzle-orm';
import { analyticsDaily } from './schema';
import type { SqlRunner } from './sql-rows';

/**
 * The analytics rollups (table analytics_daily, migration 0003) are kept exact by triggers. A bulk
 * load that writes whole tables (restore) pauses them for its transaction: it either loads the
 * rollups as they were dumped (the same snapshot as the rows) or rebuilds them once at the end
 * with one set-based statement (analytics_rebuild(), also the migration's backfill and the end of
 * the bench seed).
 */

export const ANALYTICS_ROLLUP_TABLE = getTableName(analyticsDaily);

/** Until the end of the current transaction, writes leave analytics_daily alone. */
export async function pauseAnalyticsRollups(runner: SqlRunner): Promise<void> {
  await runner.execute(sql`SELECT set_config('creatheque.analytics', 'off', true)`);
}

/** Recomputes analytics_daily from creatives, creative_likes, comments and user. */
export async function rebuildAnalyticsRollups(runner: SqlRunner): Promise<void> {
  await runner.execute(sql`SELECT analytics_rebuild()`);
}
