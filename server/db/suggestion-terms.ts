import { getTableName, sql } from 'drizzle-orm';
import { suggestionTerms } from './schema';
import type { SqlRunner } from './sql-rows';

/**
 * The suggestions' advertisers and tag values (table suggestion_terms, migration 0008) are kept exact
 * by triggers, paused with the analytics rollups during a bulk load (analytics-rollups.ts): a restore
 * loads them from the archive, or rebuilds them from the creatives when the archive predates them.
 */
export const SUGGESTION_TERMS_TABLE = getTableName(suggestionTerms);

export async function rebuildSuggestionTerms(runner: SqlRunner): Promise<void> {
  await runner.execute(sql`SELECT suggestion_terms_rebuild()`);
}
