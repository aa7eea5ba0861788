import { monthWindow } from './calendar';

export interface MonthCandidate {
  id: string;
  status: string;
  likes: number;
  createdAt: Date | string;
}

/**
 * Spec §4: among approved creatives created in the current calendar month with at least one
 * like, the one with most likes; ties go to the newest. The SQL of the http backend applies the
 * same rule through `creativeOfMonthRule`.
 */
export const creativeOfMonthRule = {
  minLikes: 1,
  window: monthWindow,
} as const;

export function pickCreativeOfMonth<T extends MonthCandidate>(candidates: readonly T[], now: Date = new Date()): T | null {
  const { start, end } = creativeOfMonthRule.window(now);
  let best: T | null = null;
  for (const c of candidates) {
    const created = new Date(c.createdAt).getTime();
    if (c.status !== 'approved' || c.likes < creativeOfMonthRule.minLikes) continue;
    if (created < start.getTime() || created >= end.getTime()) continue;
    if (!best || c.likes > best.likes || (c.likes === best.likes && created > new Date(best.createdAt).getTime())) {
      best = c;
    }
  }
  return best;
}
