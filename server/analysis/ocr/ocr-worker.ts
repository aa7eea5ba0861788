import type { AnalyseTask } from '../media-analyser';
import { lowerThreadPriority } from './background-priority';
import { readKeyframes } from './keyframes';
import { picturePasses } from './picture-passes';
import { createTextReader, type TextReader } from './text-reader';
import { wholeLines } from './whole-lines';

/**
 * A thread of the OCR pool (ocr-analyser.ts): decodes the media, takes a video's keyframes with ffmpeg
 * and reads each picture with its own tesseract.js worker, kept between tasks. Nothing here runs on
 * the server's event loop.
 */
export interface ThreadResult {
  /** The text read in each picture: one for an image, one per keyframe of a video. */
  texts: string[];
  durationMs: number | null;
}

/**
 * The engine's WebAssembly memory only grows: after this many pages it is dropped and a fresh one
 * started (~0.5 s), so a long backfill keeps the thread's memory where the first pages left it.
 */
export const RECYCLE_AFTER_PAGES = 300;

lowerThreadPriority();

let reader: Promise<TextReader> | undefined;
let pagesRead = 0;

export default async function readMedia(task: AnalyseTask): Promise<ThreadResult> {
  if (task.mediaType === 'image') return { texts: [await readPicture(task.file)], durationMs: null };
  if (!task.ffmpeg) return { texts: [], durationMs: null };
  const video = await readKeyframes(task.ffmpeg, task.file);
  const texts: string[] = [];
  for (const frame of video.frames) texts.push(await readPicture(frame));
  return { texts, durationMs: video.durationMs };
}

async function readPicture(input: Buffer | string): Promise<string> {
  const lines: string[] = [];
  for (const page of await picturePasses(input)) lines.push(...(await readPage(page)).split('\n'));
  return wholeLines(lines).join('\n');
}

async function readPage(page: Buffer): Promise<string> {
  if (pagesRead >= RECYCLE_AFTER_PAGES) await dropReader();
  reader ??= createTextReader();
  const current = reader;
  try {
    const text = await (await current).read(page);
    pagesRead++;
    return text;
  } catch (err) {
    // A failed engine (out of memory, a crash in its thread) is not reused.
    if (reader === current) await dropReader();
    throw err;
  }
}

async function dropReader(): Promise<void> {
  const current = reader;
  reader = undefined;
  pagesRead = 0;
  await current?.then((r) => r.terminate()).catch(() => undefined);
}
