import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameTimes, READING_DEADLINE_MS, readingOf, settleBy, VIDEO_FRAMES } from './reading-plan';

describe('frameTimes', () => {
  it('spreads the frames over the video, at the middle of equal parts', () => {
    expect(frameTimes(20)).toEqual([2.5, 7.5, 12.5, 17.5]);
    expect(frameTimes(30)).toHaveLength(VIDEO_FRAMES);
  });

  it('reads fewer frames of a short video, at least one', () => {
    expect(frameTimes(6)).toEqual([0.75, 2.25, 3.75, 5.25]);
    expect(frameTimes(3)).toEqual([0.75, 2.25]);
    expect(frameTimes(1)).toEqual([0.5]);
    expect(frameTimes(0.2)).toEqual([0.1]);
  });

  it('reads the first frame when the duration is unknown', () => {
    expect(frameTimes(Number.NaN)).toEqual([0]);
    expect(frameTimes(Number.POSITIVE_INFINITY)).toEqual([0]);
    expect(frameTimes(0)).toEqual([0]);
  });

  it('never reads past the end nor before the start', () => {
    for (const duration of [0.5, 1.7, 4.2, 9, 15.3, 61, 3600]) {
      for (const t of frameTimes(duration)) {
        expect(t).toBeGreaterThan(0);
        expect(t).toBeLessThan(duration);
      }
    }
  });
});

describe('readingOf', () => {
  it("merges a video's frames: each line once, noise dropped, reading order kept", () => {
    const reading = readingOf({ width: 1080, height: 1920 }, 5800, [
      'Livraison offerte\n| ee\n',
      'LIVRAISON  offerte\n-50 % sur la crème',
      '',
      '-50 % sur la creme\nJ’en profite',
    ]);
    expect(reading).toEqual({
      text: 'Livraison offerte\n-50 % sur la crème\nJ’en profite',
      width: 1080,
      height: 1920,
      durationMs: 5800,
    });
  });

  it('gives an empty text when nothing was read', () => {
    expect(readingOf({ width: null, height: null }, null, []).text).toBe('');
  });
});

describe('settleBy', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the work when it ends in time', async () => {
    await expect(settleBy(Promise.resolve('texte'), Date.now() + 1000, '')).resolves.toBe('texte');
  });

  it('gives the fallback when the work fails', async () => {
    await expect(settleBy(Promise.reject(new Error('wasm')), Date.now() + 1000, 'rien')).resolves.toBe('rien');
  });

  it('gives the fallback at the deadline when the work takes longer', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const settled = settleBy(never, Date.now() + READING_DEADLINE_MS, 'rien');
    let value: string | undefined;
    void settled.then((v) => (value = v));
    await vi.advanceTimersByTimeAsync(READING_DEADLINE_MS - 1);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe('rien');
  });
});
