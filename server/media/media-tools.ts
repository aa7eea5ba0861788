import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where ffmpeg (posters, frame size) and ffprobe (frame size) come from, decided once at start-up:
 * `FFMPEG_PATH` / `FFPROBE_PATH` → a binary on `PATH` → the static ffmpeg shipped inside the npm
 * package `@ffmpeg-installer/ffmpeg` (so a bare machine makes posters after `npm install`).
 * An explicit path that does not run means "no ffmpeg": videos are then kept without a poster.
 * ffprobe is optional: without it the frame size is read from ffmpeg's own output.
 */
export interface MediaTools {
  ffmpeg: string | null;
  ffprobe: string | null;
  /** Where the ffmpeg binary came from, for the start-up log. */
  source: 'FFMPEG_PATH' | 'PATH' | 'npm' | 'none';
}

export interface MediaToolsEnv {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
  PATH?: string;
}

const require = createRequire(import.meta.url);

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The binary inside @ffmpeg-installer/<platform>, made executable if the install lost the bit. */
function fromNpmPackage(): string | null {
  try {
    const { path: binary } = require('@ffmpeg-installer/ffmpeg') as { path: string };
    if (!fs.existsSync(binary)) return null;
    if (!isExecutable(binary)) fs.chmodSync(binary, 0o755);
    return isExecutable(binary) ? binary : null;
  } catch {
    // No build for this platform, or the optional package was not installed.
    return null;
  }
}

export function resolveMediaTools(env: MediaToolsEnv): MediaTools {
  const ffprobe = env.FFPROBE_PATH ? (isExecutable(env.FFPROBE_PATH) ? env.FFPROBE_PATH : null) : onPath('ffprobe', env.PATH);
  if (env.FFMPEG_PATH) {
    return isExecutable(env.FFMPEG_PATH)
      ? { ffmpeg: env.FFMPEG_PATH, ffprobe, source: 'FFMPEG_PATH' }
      : { ffmpeg: null, ffprobe, source: 'none' };
  }
  const system = onPath('ffmpeg', env.PATH);
  if (system) return { ffmpeg: system, ffprobe, source: 'PATH' };
  const shipped = fromNpmPackage();
  return shipped ? { ffmpeg: shipped, ffprobe, source: 'npm' } : { ffmpeg: null, ffprobe, source: 'none' };
}

/** One line for the start-up log: which binary makes the posters. */
export function describeMediaTools(tools: MediaTools, env: MediaToolsEnv): string {
  if (!tools.ffmpeg) {
    return env.FFMPEG_PATH
      ? `ffmpeg introuvable à FFMPEG_PATH=${env.FFMPEG_PATH} : les vidéos seront gardées sans affiche`
      : 'ffmpeg introuvable : les vidéos seront gardées sans affiche';
  }
  const probe = tools.ffprobe ? `, ffprobe ${tools.ffprobe}` : ', taille lue par ffmpeg';
  return `ffmpeg ${tools.ffmpeg} (${tools.source})${probe}`;
}
