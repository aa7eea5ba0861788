import { describe, expect, it } from 'vitest';
import { formatDuration, progressLine } from './progress-line';

describe('progress line', () => {
  it('shows done / total, the share, the rate and the time left at that rate', () => {
    const line = progressLine({ done: 250, total: 1000, elapsedMs: 100_000 });
    expect(line).toBe(`[${'#'.repeat(6)}${'-'.repeat(18)}] 250 / 1\u202f000 (25 %) · 2,5/s · reste 5 min 00 s`);
  });

  it('knows no time left before anything is done, and says when it is over', () => {
    expect(progressLine({ done: 0, total: 10, elapsedMs: 5_000 })).toMatch(/0 \/ 10 \(0 %\) · 0\/s · reste \?$/);
    expect(progressLine({ done: 10, total: 10, elapsedMs: 5_000 })).toMatch(/^\[#{24}\] 10 \/ 10 \(100 %\) · 2\/s · terminé$/);
    expect(progressLine({ done: 0, total: 0, elapsedMs: 0 })).toMatch(/terminé$/);
  });

  it('says durations in hours, minutes and seconds', () => {
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(250_000)).toBe('4 min 10 s');
    expect(formatDuration(3 * 3600_000 + 5 * 60_000)).toBe('3 h 05 min');
  });
});
