import { describe, expect, it } from 'vitest';
import { breakdown, percent, periodWindow, topContributors, UNKNOWN_USER } from './analytics';

// 2026-03-15 10:00 in Paris (UTC+1).
const now = new Date('2026-03-15T09:00:00Z');

describe('periodWindow', () => {
  it("covers today only for 'today'", () => {
    expect(periodWindow('today', now)).toEqual({ start: new Date('2026-03-14T23:00:00Z'), end: new Date('2026-03-15T23:00:00Z') });
  });

  it("covers the day before for 'hier'", () => {
    expect(periodWindow('yesterday', now)).toEqual({ start: new Date('2026-03-13T23:00:00Z'), end: new Date('2026-03-14T23:00:00Z') });
  });

  it('includes today in N-day windows: 3 = today + 2 earlier days', () => {
    expect(periodWindow('3', now)).toEqual({ start: new Date('2026-03-12T23:00:00Z'), end: new Date('2026-03-15T23:00:00Z') });
    expect(periodWindow('7', now)!.start).toEqual(new Date('2026-03-08T23:00:00Z'));
    expect(periodWindow('30', now)!.start).toEqual(new Date('2026-02-13T23:00:00Z'));
    expect(periodWindow('90', now)!.start).toEqual(new Date('2025-12-15T23:00:00Z'));
  });

  it("has no range for 'tout'", () => {
    expect(periodWindow('all', now)).toBeNull();
  });

  it('follows the daylight-saving change', () => {
    const afterDst = new Date('2026-03-30T08:00:00Z'); // Paris is UTC+2 from March 29
    expect(periodWindow('3', afterDst)).toEqual({ start: new Date('2026-03-27T23:00:00Z'), end: new Date('2026-03-30T22:00:00Z') });
  });
});

describe('percentages', () => {
  it('rounds to one decimal and never divides by zero', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBe(0);
  });

  it('computes breakdown shares against the total creative count, most frequent first', () => {
    const buckets = breakdown(
      ['A', 'B', 'C'],
      new Map([
        ['B', 3],
        ['A', 1],
      ]),
      4,
    );
    expect(buckets).toEqual([
      { label: 'B', count: 3, percent: 75 },
      { label: 'A', count: 1, percent: 25 },
      { label: 'C', count: 0, percent: 0 },
    ]);
  });
});

describe('topContributors', () => {
  it('keeps the six largest and names missing accounts Unknown User', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ userId: `u${i}`, firstName: `P${i}`, lastName: 'N', count: i }));
    rows.push({ userId: null as unknown as string, firstName: null as unknown as string, lastName: null as unknown as string, count: 100 });
    const top = topContributors(rows);
    expect(top).toHaveLength(6);
    expect(top[0]).toEqual({ userId: 'unknown', name: UNKNOWN_USER, count: 100 });
    expect(top[1]).toEqual({ userId: 'u7', name: 'P7 N', count: 7 });
  });
});
