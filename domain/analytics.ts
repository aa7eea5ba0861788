import { dayWindow } from './calendar';
import { TOP_CONTRIBUTORS } from './limits';
import type { CountBucket } from './types';

/** Periods of the analytics page (spec §2, §9); day windows include today. */
export const PERIODS = ['today', 'yesterday', '3', '7', '30', '90', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = '30';

export const PERIOD_LABELS: Record<Period, string> = {
  today: "Aujourd'hui",
  yesterday: 'Hier',
  '3': '3 jours',
  '7': '7 jours',
  '30': '30 jours',
  '90': '90 jours',
  all: 'Tout',
};

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

/**
 * [start, end) of a period, or null for 'all' (no range). 'today' is today's calendar day,
 * 'yesterday' the day before, and N days are today plus the N − 1 days before it.
 */
export function periodWindow(period: Period, now: Date = new Date()): { start: Date; end: Date } | null {
  if (period === 'all') return null;
  if (period === 'yesterday') return dayWindow(now, -1);
  const days = period === 'today' ? 1 : Number(period);
  return { start: dayWindow(now, -(days - 1)).start, end: dayWindow(now, 0).end };
}

/** A share in percent with one decimal; 0 when there is nothing to divide. */
export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}

/** Breakdown of one category: every value of its list with its count and its share of all creatives. */
export function breakdown(values: readonly string[], counts: ReadonlyMap<string, number>, totalCreatives: number): CountBucket[] {
  return values
    .map((label) => ({ label, count: counts.get(label) ?? 0, percent: percent(counts.get(label) ?? 0, totalCreatives) }))
    .sort((a, b) => b.count - a.count || values.indexOf(a.label) - values.indexOf(b.label));
}

export const UNKNOWN_USER = 'Unknown User';

/** The six biggest contributors; an account that no longer exists reads 'Unknown User'. */
export function topContributors(
  rows: readonly { userId: string | null; firstName: string | null; lastName: string | null; count: number }[],
  limit: number = TOP_CONTRIBUTORS,
): { userId: string; name: string; count: number }[] {
  return [...rows]
    .sort((a, b) => b.count - a.count)
    .slice(0, limit)
    .map((r) => ({
      userId: r.userId ?? 'unknown',
      name: r.firstName !== null && r.lastName !== null ? `${r.firstName} ${r.lastName}`.trim() || UNKNOWN_USER : UNKNOWN_USER,
      count: r.count,
    }));
}
