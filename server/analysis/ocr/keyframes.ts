import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { READ_MAX_SIDE } from './picture-passes';

const run = promisify(execFile);
const TIMEOUT_MS = 30_000;
/** A keyframe's PNG: READ_MAX_SIDE² × 3 bytes (12 MB) at the very most, less once compressed. */
const FRAME_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Where a video's keyframes are taken, as fractions of its length: the opening, two points in the
 * middle and the end card, where ads put their offer and their call to action.
 */
export const KEYFRAME_POSITIONS = [0.05, 0.35, 0.65, 0.95] as const;

export interface VideoFrames {
  /** Null when ffmpeg could not tell (a stream without a duration). */
  durationMs: number | null;
  /** The keyframes as PNG, in time order; a time past the last frame gives none. */
  frames: Buffer[];
}

/** The length in ffmpeg's log, e.g. `Duration: 00:00:06.04, start: 0.000000, bitrate: …`. */
export function durationFromLog(log: string): number | null {
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
  if (!m) return null;
  const ms = Math.round(((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000);
  return ms > 0 ? ms : null;
}

/** The times (seconds) to take keyframes at; the first frame alone when the length is unknown. */
export function keyframeTimes(durationMs: number | null): number[] {
  if (durationMs === null) return [0];
  return KEYFRAME_POSITIONS.map((at) => Math.round(durationMs * at) / 1000);
}

/**
 * The video's length and its keyframes, with the ffmpeg binary given (server/media/media-tools.ts).
 * A keyframe ffmpeg cannot take is skipped; when it can take none, the video is unreadable: rejects.
 */
export async function readKeyframes(ffmpeg: string, file: string): Promise<VideoFrames> {
  const durationMs = durationFromLog(await probeLog(ffmpeg, file));
  const frames: Buffer[] = [];
  let failure: unknown;
  for (const at of keyframeTimes(durationMs)) {
    try {
      const frame = await frameAt(ffmpeg, file, at);
      if (frame.length > 0) frames.push(frame);
    } catch (err) {
      failure ??= err;
    }
  }
  if (frames.length === 0 && failure) throw failure;
  return { durationMs, frames };
}

/** `ffmpeg -i file` alone describes the input and exits with an error (no output named): its log. */
async function probeLog(ffmpeg: string, file: string): Promise<string> {
  try {
    const { stderr } = await run(ffmpeg, ['-hide_banner', '-i', file], { timeout: TIMEOUT_MS });
    return stderr;
  } catch (err) {
    const failure = err as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT' || failure.code === 'EACCES') throw err;
    return failure.stderr ?? '';
  }
}

async function frameAt(ffmpeg: string, file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    ffmpeg,
    // prettier-ignore
    ['-hide_banner', '-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1',
      '-vf', `scale='min(iw,${READ_MAX_SIDE})':'min(ih,${READ_MAX_SIDE})':force_original_aspect_ratio=decrease`,
      '-f', 'image2pipe', '-c:v', 'png', '-compression_level', '1', '-'],
    { timeout: TIMEOUT_MS, encoding: 'buffer', maxBuffer: FRAME_MAX_BYTES },
  );
  return stdout;
}
