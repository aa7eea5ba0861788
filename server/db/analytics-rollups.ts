import { getTableName, sql } from 'drizzle-orm';
import { analyticsDaily } from './schema';
import { rowsOf, type SqlRunner } from './sql-rows';

/**
 * The analytics rollups (table analytics_daily, migration 0003) are kept exact by triggers. A bulk
 * load that writes whole tables (restore) pauses them for its transaction: it either loads the
 * rollups as they were dumped (the same snapshot as the rows) or rebuilds them once at the end
 * with one set-based statement (analytics_rebuild(), also the migration's backfill and the end of
 * the bench seed). Both read analytics_expected() (migration 0005), which npm run check:integrity
 * compares with the stored rollups.
 */

export const ANALYTICS_ROLLUP_TABLE = getTableName(analyticsDaily);

/** Until the end of the current transaction, writes leave analytics_daily (and suggestion_terms) alone. */
export async function pauseAnalyticsRollups(runner: SqlRunner): Promise<void> {
  await runner.execute(sql`SELECT set_config('creatheque.analytics', 'off', true)`);
}

/** Recomputes analytics_daily from creatives, creative_likes, comments and user. */
export async function rebuildAnalyticsRollups(runner: SqlRunner): Promise<void> {
  await runner.execute(sql`SELECT analytics_rebuild()`);
}

/** How many rows of analytics_daily differ from analytics_expected() (a stored 0 equals a missing row). */
export async function analyticsDrift(runner: SqlRunner): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    runner,
    sql`SELECT count(*)::int AS n
          FROM analytics_expected() e
          FULL JOIN analytics_daily a ON a.kind = e.kind AND a.day = e.day AND a.key = e.key
         WHERE coalesce(a.n, 0) <> coalesce(e.n, 0)`,
  );
  return Number(row?.n ?? 0);
}
