import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { breakdown, percent, periodWindow, topContributors, type Period } from '@domain/analytics';
import { TOP_CONTRIBUTORS } from '@domain/limits';
import type { Analytics } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS, type CategoryKey } from '@domain/vocabulary';
import type { Db } from '../db/client';
import { comments, creativeLikes, creatives, user } from '../db/schema';

const CATEGORY_COLUMNS: Record<CategoryKey, string> = {
  format: 'formats',
  objective: 'objectives',
  type: 'types',
  sector: 'sectors',
  platform: 'platforms',
};

function inWindow(column: AnyPgColumn, window: { start: Date; end: Date } | null): SQL | undefined {
  return window ? and(gte(column, window.start), lt(column, window.end)) : undefined;
}

const count = sql<number>`count(*)::int`;

/** Same rule as domain `hasAnalysis`: at least one analysis section filled. */
const analysed = sql<number>`count(*) filter (where ${creatives.attention} <> '' or ${creatives.interest} <> '' or ${creatives.desire} <> ''
  or jsonb_array_length(${creatives.bestPractices}) > 0 or jsonb_array_length(${creatives.actions}) > 0)::int`;

/** Analytics over a period, computed in SQL (spec §9); the maths of shares and names in domain/analytics. */
export async function getAnalytics(db: Db, period: Period, now = new Date()): Promise<Analytics> {
  const window = periodWindow(period, now);
  const created = inWindow(creatives.createdAt, window);

  const [totals] = await db
    .select({
      creatives: count,
      approved: sql<number>`count(*) filter (where ${creatives.status} = 'approved')::int`,
      pending: sql<number>`count(*) filter (where ${creatives.status} = 'pending')::int`,
      rejected: sql<number>`count(*) filter (where ${creatives.status} = 'rejected')::int`,
      analysed,
    })
    .from(creatives)
    .where(created);
  const [users] = await db.select({ n: count }).from(user).where(inWindow(user.createdAt, window));
  const [likes] = await db.select({ n: count }).from(creativeLikes).where(inWindow(creativeLikes.createdAt, window));
  const [commentTotal] = await db.select({ n: count }).from(comments).where(inWindow(comments.createdAt, window));

  const contributors = await db
    .select({ userId: creatives.submittedBy, firstName: user.firstName, lastName: user.lastName, count })
    .from(creatives)
    .leftJoin(user, eq(user.id, creatives.submittedBy))
    .where(created)
    .groupBy(creatives.submittedBy, user.firstName, user.lastName)
    .orderBy(sql`count(*) desc`)
    .limit(TOP_CONTRIBUTORS);

  const total = totals?.creatives ?? 0;
  const breakdowns = {} as Analytics['breakdowns'];
  for (const key of CATEGORY_KEYS) {
    const rows = await db.execute(
      sql`select v as label, count(*)::int as count
            from ${creatives}, unnest(${sql.identifier(CATEGORY_COLUMNS[key])}) as v
           ${created ? sql`where ${created}` : sql``}
           group by v`,
    );
    const counts = new Map(rowsOf<{ label: string; count: number }>(rows).map((r) => [r.label, Number(r.count)]));
    breakdowns[key] = breakdown(CATEGORY_LISTS[key], counts, total);
  }

  return {
    period,
    totals: {
      creatives: total,
      approved: totals?.approved ?? 0,
      pending: totals?.pending ?? 0,
      rejected: totals?.rejected ?? 0,
      users: users?.n ?? 0,
      likes: likes?.n ?? 0,
      comments: commentTotal?.n ?? 0,
    },
    analysedPercent: percent(totals?.analysed ?? 0, total),
    topContributors: topContributors(contributors),
    breakdowns,
  };
}

/** PGlite and node-postgres both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
