import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TIMEOUT_MS = 30_000;
let warned = false;

export interface VideoFrame {
  poster: Buffer;
  width: number | null;
  height: number | null;
}

async function probeSize(file: string): Promise<{ width: number | null; height: number | null }> {
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file],
      { timeout: TIMEOUT_MS },
    );
    const [w, h] = stdout.trim().split('x').map(Number);
    return { width: w || null, height: h || null };
  } catch {
    return { width: null, height: null };
  }
}

/**
 * A JPEG poster frame (at 1 s, or the first frame for shorter clips) and the frame size, made with
 * Debian's ffmpeg. Without ffmpeg the video is kept and simply has no poster.
 */
export async function extractPoster(file: string): Promise<VideoFrame | null> {
  const out = path.join(os.tmpdir(), `poster-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.jpg`);
  try {
    for (const at of ['1', '0']) {
      await run('ffmpeg', ['-v', 'error', '-y', '-ss', at, '-i', file, '-frames:v', '1', '-q:v', '3', out], {
        timeout: TIMEOUT_MS,
      }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw err;
      });
      const poster = await fsp.readFile(out).catch(() => null);
      if (poster && poster.length > 0) return { poster, ...(await probeSize(file)) };
    }
    return null;
  } catch (err) {
    if (!warned && (err as NodeJS.ErrnoException).code === 'ENOENT') {
      warned = true;
      console.warn('[media] ffmpeg not found: uploaded videos will have no poster (apt-get install ffmpeg)');
    }
    return null;
  } finally {
    await fsp.rm(out, { force: true });
  }
}
