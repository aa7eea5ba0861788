import os from 'node:os';

/** The lowest priority (nice 19): the thread runs on what requests leave of the cores. */
export const BACKGROUND_NICE = 19;

/**
 * Lowers the priority of the calling thread only, on Linux, where a thread is a task of its own and
 * setpriority(PRIO_PROCESS, 0) names the caller alone: the OCR thread, the tesseract thread it starts
 * and the ffmpeg it runs (both inherit it) give way to the event loop and the database, so a backfill
 * at full speed does not slow the API down. Elsewhere the call would lower the whole server: skipped.
 * Returns whether it was lowered.
 */
export function lowerThreadPriority(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    os.setPriority(BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
