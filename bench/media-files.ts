import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real MP4 of about `megabytes` MB (constant bitrate with filler data, so its size is what is
 * asked whatever the picture), made once with the ffmpeg of @ffmpeg-installer/ffmpeg and kept in
 * the temp folder for the next run. Used by the upload and ZIP memory benches.
 */
export async function makeVideo(megabytes: number): Promise<string> {
  const file = path.join(os.tmpdir(), `creatheque-bench-${megabytes}mb.mp4`);
  if (fs.existsSync(file)) return file;
  const { default: ffmpeg } = (await import('@ffmpeg-installer/ffmpeg')) as { default: { path: string } };
  const seconds = 20;
  const bitrate = `${Math.floor((megabytes * 8 * 1.0e6 * 1.048) / seconds / 1000)}k`;
  await run(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-b:v', bitrate, '-minrate', bitrate, '-maxrate', bitrate, '-bufsize', '4M', '-x264-params', 'nal-hrd=cbr'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', `${file}.part.mp4`],
  ]);
  fs.renameSync(`${file}.part.mp4`, file);
  return file;
}
