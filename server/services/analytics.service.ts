import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { breakdown, percent, periodWindow, topContributors, type Period } from '@domain/analytics';
import { TOP_CONTRIBUTORS } from '@domain/limits';
import type { Analytics } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import type { Db } from '../db/client';
import { analyticsDaily, user } from '../db/schema';

/**
 * Kinds of analytics_daily read for the totals and breakdowns (migration 0003 keeps them exact):
 * creatives by status, analysed creatives, one kind per category (key = the value) and the
 * striped counters of users, likes and comments (summed over their keys).
 */
const COUNTED_KINDS = ['status', 'analysed', ...CATEGORY_KEYS, 'users', 'likes', 'comments'];

/**
 * Rows of the period: whole Europe/Paris calendar days [start, end) — the window's bounds are
 * midnights in that zone, so analytics_day() maps them to the first and the day after the last
 * day — or the all-time rows (day '-infinity') for 'all'.
 */
function daysOf(period: Period, now: Date): SQL {
  const window = periodWindow(period, now);
  if (!window) return eq(analyticsDaily.day, '-infinity');
  return and(
    gte(analyticsDaily.day, sql`analytics_day(${window.start.toISOString()}::timestamptz)`),
    lt(analyticsDaily.day, sql`analytics_day(${window.end.toISOString()}::timestamptz)`),
  )!;
}

/**
 * Analytics over a period (spec §9), read from the rollups of analytics_daily: a few hundred rows
 * whatever the size of the library. The maths of shares and names are in domain/analytics.
 */
export async function getAnalytics(db: Db, period: Period, now = new Date()): Promise<Analytics> {
  const days = daysOf(period, now);
  const n = sql<number>`sum(${analyticsDaily.n})::int`;

  const rows = await db
    .select({ kind: analyticsDaily.kind, key: analyticsDaily.key, n })
    .from(analyticsDaily)
    .where(and(inArray(analyticsDaily.kind, COUNTED_KINDS), days))
    .groupBy(analyticsDaily.kind, analyticsDaily.key);
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let byKey = counts.get(row.kind);
    if (!byKey) counts.set(row.kind, (byKey = new Map()));
    byKey.set(row.key, row.n);
  }
  const sumOf = (kind: string) => [...(counts.get(kind)?.values() ?? [])].reduce((a, b) => a + b, 0);
  const status = (key: string) => counts.get('status')?.get(key) ?? 0;

  // Creatives grouped by submitter (key '' = no submitter), biggest first; ties by id so the cut
  // at TOP_CONTRIBUTORS is stable. Names are read now, as 'Unknown User' when the account is gone.
  const top = db
    .select({ key: analyticsDaily.key, count: n.as('count') })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.kind, 'contributor'), days))
    .groupBy(analyticsDaily.key)
    .having(sql`sum(${analyticsDaily.n}) > 0`)
    .orderBy(desc(n), analyticsDaily.key)
    .limit(TOP_CONTRIBUTORS)
    .as('top');
  const contributors = await db
    .select({ key: top.key, firstName: user.firstName, lastName: user.lastName, count: top.count })
    .from(top)
    .leftJoin(user, eq(user.id, top.key))
    .orderBy(desc(top.count), top.key);

  const total = sumOf('status');
  const breakdowns = {} as Analytics['breakdowns'];
  for (const key of CATEGORY_KEYS) {
    breakdowns[key] = breakdown(CATEGORY_LISTS[key], counts.get(key) ?? new Map(), total);
  }

  return {
    period,
    totals: {
      creatives: total,
      approved: status('approved'),
      pending: status('pending'),
      rejected: status('rejected'),
      users: sumOf('users'),
      likes: sumOf('likes'),
      comments: sumOf('comments'),
    },
    analysedPercent: percent(sumOf('analysed'), total),
    topContributors: topContributors(contributors.map(({ key, ...rest }) => ({ userId: key === '' ? null : key, ...rest }))),
    breakdowns,
  };
}

/**
 * How many creatives of the whole library are in each status, from the all-time rollup rows (a
 * GROUP BY over the creatives took ~230 ms at 1M): the review tabs' counts and the live pending
 * count read it.
 */
export async function libraryStatusCounts(db: Db): Promise<Record<'pending' | 'approved' | 'rejected', number>> {
  const rows = await db
    .select({ status: analyticsDaily.key, n: analyticsDaily.n })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.kind, 'status'), eq(analyticsDaily.day, '-infinity')));
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { pending: of('pending'), approved: of('approved'), rejected: of('rejected') };
}
