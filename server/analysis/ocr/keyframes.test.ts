import { describe, expect, it } from 'vitest';
import { durationFromLog, KEYFRAME_POSITIONS, keyframeTimes } from './keyframes';

describe('durationFromLog', () => {
  it("reads the length in ffmpeg's description of the input", () => {
    const log = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'ad.mp4':\n  Duration: 00:01:02.48, start: 0.000000, bitrate: 312 kb/s\n`;
    expect(durationFromLog(log)).toBe(62_480);
  });

  it('says null when there is no length', () => {
    expect(durationFromLog('  Duration: N/A, bitrate: N/A')).toBeNull();
    expect(durationFromLog('ad.mp4: Invalid data found when processing input')).toBeNull();
  });
});

describe('keyframeTimes', () => {
  it('spreads the keyframes from the opening to the end card', () => {
    expect(keyframeTimes(6_000)).toEqual([0.3, 2.1, 3.9, 5.7]);
    expect(keyframeTimes(30_000)).toHaveLength(KEYFRAME_POSITIONS.length);
  });

  it('takes the first frame alone when the length is unknown', () => {
    expect(keyframeTimes(null)).toEqual([0]);
  });
});
