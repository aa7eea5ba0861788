import { mergeReadText } from '@domain/media-text';
import type { MediaReading } from '@/gateway/types';

/**
 * The pure part of reading a picked file in the browser (read-media.ts does the reading): which
 * frames of a video to read, how long the reading may take, and how the parts become a MediaReading.
 */

/** Frames of a video read at most: its burned-in text rarely changes more often than that in an ad. */
export const VIDEO_FRAMES = 4;
/** A frame every this many seconds at most: a 3 s bumper is read twice, not four times. */
const SECONDS_PER_FRAME = 1.5;
/** How long the submission waits for the text at most, from the file's choice (ms): then it goes on without. */
export const READING_DEADLINE_MS = 20_000;

/**
 * When to grab a video's frames, in seconds: spread over its length, at the middle of equal parts (never
 * the black first and last frames), one per SECONDS_PER_FRAME at most, VIDEO_FRAMES at most; the first
 * frame only when the duration is unknown.
 */
export function frameTimes(durationSeconds: number, frames = VIDEO_FRAMES): number[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return [0];
  const count = Math.max(1, Math.min(frames, Math.floor(durationSeconds / SECONDS_PER_FRAME)));
  return Array.from({ length: count }, (_, i) => Math.round(((i + 0.5) * durationSeconds * 1000) / count) / 1000);
}

/** A reading from what was measured and the text of each image read (one for an image, a video's frames in order). */
export function readingOf(
  size: { width: number | null; height: number | null },
  durationMs: number | null,
  texts: readonly string[],
): MediaReading {
  return { text: mergeReadText(texts), width: size.width, height: size.height, durationMs };
}

/**
 * `work`, or `fallback` once `deadline` (a Date.now() time) has passed or when `work` fails: what the
 * submission sends never waits longer than the deadline, and never fails because of the reading.
 */
export function settleBy<T>(work: Promise<T>, deadline: number, fallback: T, now = Date.now()): Promise<T> {
  const wait = Math.max(0, deadline - now);
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), wait);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
