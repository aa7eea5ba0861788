import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { MediaTools } from './media-tools';
import { logger } from '../log';

const run = promisify(execFile);
const TIMEOUT_MS = 30_000;

export interface VideoFrame {
  poster: Buffer;
  width: number | null;
  height: number | null;
  /** How long the video lasts (ms); null when neither ffprobe nor ffmpeg's log tells. */
  durationMs: number | null;
}

interface FrameSize {
  width: number | null;
  height: number | null;
}

const NO_SIZE: FrameSize = { width: null, height: null };

/** The container's duration in ffmpeg's log, e.g. `Duration: 00:00:05.04, start: …` (`Duration: N/A`: null). */
export function durationFromLog(log: string): number | null {
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
  return m ? Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000) : null;
}

/** The first video stream's size in ffmpeg's log, e.g. `Stream #0:0(und): Video: h264 …, 640x360 [SAR…`. */
export function frameSizeFromLog(log: string): FrameSize {
  const m = /Stream #\d+:\d+.*?: Video: .*?, (\d{1,5})x(\d{1,5})[\s,[]/.exec(log);
  return m ? { width: Number(m[1]) || null, height: Number(m[2]) || null } : NO_SIZE;
}

/** The first video stream's size and the container's duration by ffprobe (`1080x1920` then `5.040000`). */
async function probe(ffprobe: string, file: string): Promise<FrameSize & { durationMs: number | null }> {
  try {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration', '-of', 'csv=p=0:s=x', file],
      { timeout: TIMEOUT_MS },
    );
    const lines = stdout.trim().split(/\r?\n/);
    const [w, h] = (lines.find((line) => line.includes('x')) ?? '').split('x').map(Number);
    const seconds = Number(lines.find((line) => /^\d+(\.\d+)?$/.test(line.trim())));
    return { width: w || null, height: h || null, durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null };
  } catch {
    return { ...NO_SIZE, durationMs: null };
  }
}

/** Runs ffmpeg; resolves to its log (stderr) whatever the exit code, rejects only when it cannot start. */
async function ffmpegLog(ffmpeg: string, args: string[]): Promise<string> {
  try {
    const { stderr } = await run(ffmpeg, args, { timeout: TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 });
    return stderr;
  } catch (err) {
    const failure = err as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT' || failure.code === 'EACCES') throw err;
    return failure.stderr ?? '';
  }
}

/**
 * A JPEG poster frame (at 1 s, or the first frame for shorter clips), the frame size and the duration
 * (domain/media-shape.ts classes them), made with the ffmpeg chosen at start-up (server/media/media-tools.ts):
 * the size and duration from ffprobe when there is one, else from the log of the same ffmpeg run. Without
 * ffmpeg the video is kept and simply has no poster.
 */
export async function extractPoster(tools: MediaTools, file: string): Promise<VideoFrame | null> {
  if (!tools.ffmpeg) return null;
  const out = path.join(os.tmpdir(), `poster-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.jpg`);
  try {
    for (const at of ['1', '0']) {
      const log = await ffmpegLog(tools.ffmpeg, ['-hide_banner', '-y', '-ss', at, '-i', file, '-frames:v', '1', '-q:v', '3', out]);
      const poster = await fsp.readFile(out).catch(() => null);
      if (poster && poster.length > 0) {
        const probed = tools.ffprobe ? await probe(tools.ffprobe, file) : { ...frameSizeFromLog(log), durationMs: durationFromLog(log) };
        return { poster, ...probed };
      }
    }
    return null;
  } catch (err) {
    logger.warn({ err, ffmpeg: tools.ffmpeg }, 'ffmpeg could not run');
    return null;
  } finally {
    await fsp.rm(out, { force: true });
  }
}

/** ffmpeg's muxer for each accepted video extension (domain/media-rules.ts). */
const MUXERS: Record<string, string> = { mp4: 'mp4', mov: 'mov', webm: 'webm' };

/**
 * Copies a video into `output` without its metadata: no global or stream tags (a phone's
 * recording place, device, dates), no chapters, and only its video and audio streams — not data
 * tracks (a camera's GPS track), subtitles or cover art (`0:V` leaves out attached pictures).
 * `-c copy` rewrites the container only, never the pictures or the sound: about as fast as
 * copying the file. Resolves to false when ffmpeg cannot read the container (a corrupt file or
 * one without a video stream); rejects when ffmpeg itself cannot run.
 */
export async function remuxWithoutMetadata(ffmpeg: string, input: string, output: string, ext: string): Promise<boolean> {
  const muxer = MUXERS[ext];
  if (!muxer) return false;
  try {
    await run(
      ffmpeg,
      // prettier-ignore
      ['-hide_banner', '-v', 'error', '-y', '-i', input,
        '-map', '0:V', '-map', '0:a?', '-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy', ...(muxer === 'webm' ? [] : ['-movflags', '+faststart']), '-f', muxer, output],
      { timeout: TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
    );
    return true;
  } catch (err) {
    const failure = err as NodeJS.ErrnoException;
    if (failure.code === 'ENOENT' || failure.code === 'EACCES') throw err;
    logger.info({ err }, 'video refused: ffmpeg could not read its container');
    return false;
  }
}
