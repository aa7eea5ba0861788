import type { MediaType } from '@domain/vocabulary';

/** One creative's media to read: a complete local file (a copy when the store is remote). */
export interface AnalyseTask {
  file: string;
  mediaType: MediaType;
  /** The ffmpeg chosen at start-up (server/media/media-tools.ts), for a video's duration and keyframes; null: none. */
  ffmpeg: string | null;
}

export interface AnalyseResult {
  /** The words read, merged across frames by domain/media-text.ts mergeReadText ('' when none). */
  text: string;
  /** A video's length in milliseconds; null for an image or when ffmpeg could not tell. */
  durationMs: number | null;
  /** How many pictures were read (1 for an image, the keyframes of a video). */
  frames: number;
}

/**
 * Reads what is inside media files, off the event loop (worker threads). The job queue's handler
 * (server/analysis/queue) calls it; server/analysis/ocr implements it with tesseract.js.
 */
export interface MediaAnalyser {
  analyse(task: AnalyseTask): Promise<AnalyseResult>;
  /** Threads reading at once. */
  readonly workers: number;
  /** Tasks being read, waiting for a thread, and read since the start (for /api/metrics). */
  stats(): { running: number; queued: number; completed: number };
  close(): Promise<void>;
}
