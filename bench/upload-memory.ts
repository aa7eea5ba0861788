/**
 * npm run build && npm run bench:upload -- [--mb 48] [--server dist-server/index.js]
 *
 * Peak memory of the server while it takes one large video upload (issue 15: a 50 MB upload may
 * raise RSS by ≤ 64 MB), with the disk store and with the S3 store (a local s3rver process,
 * tests/helpers/s3-server.ts). For each: starts the built server (seeded with the demo accounts),
 * uploads a small picture first (libraries loaded, caches warm), resets the kernel's peak-RSS mark
 * (`echo 5 > /proc/PID/clear_refs`), uploads the video as the admin, then reads VmHWM − the VmRSS
 * just before. The video is a real MP4 made once with the ffmpeg of @ffmpeg-installer/ffmpeg
 * (constant bitrate, so its size is what is asked). Last figures: bench/baselines/upload-memory.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeVideo } from './media-files';
import { startS3Server } from '../tests/helpers/s3-server';
import { encodeForm } from '../tests/helpers/server-process';
import { creativeForm, pngBytes, VALID_FORM } from '../tests/helpers/uploads';
import { MB, peakGrowthDuring, withBenchServer } from './process-memory';

const projectRoot = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    mb: { type: 'string', default: '48' },
    server: { type: 'string', default: path.join(projectRoot, 'dist-server', 'index.js') },
  },
});

async function measure(label: string, video: Buffer, extraEnv: Record<string, string>) {
  return withBenchServer(opts.server!, extraEnv, async ({ child, baseUrl, cookie }) => {
    const post = async (bytes: Buffer, name: string, type: string) => {
      const { body, contentType } = await encodeForm(creativeForm(VALID_FORM, { bytes, name, type }));
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/creatives`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      if (res.status !== 201) throw new Error(`${label}: upload answered ${res.status} ${await res.text()}`);
      return performance.now() - started;
    };
    await post(await pngBytes(800, 600), 'chauffe.png', 'image/png');
    const { result: ms, ...memory } = await peakGrowthDuring(child.pid!, () => post(video, 'spot.mp4', 'video/mp4'));
    return { label, ...memory, ms };
  });
}

async function main() {
  if (!fs.existsSync(opts.server!)) throw new Error(`${opts.server} not found: run npm run build first`);
  const video = fs.readFileSync(await makeVideo(Number(opts.mb)));
  console.log(`Video: ${(video.length / MB).toFixed(1)} MiB; node ${process.version}; ${os.cpus().length} cores`);
  const results = [await measure('disk', video, {})];
  const s3 = await startS3Server({ prefix: 'bench' });
  try {
    results.push(await measure('s3 (s3rver)', video, s3.env));
  } finally {
    await s3.stop();
  }
  console.log('store        RSS before  peak RSS  growth   upload time');
  for (const r of results) {
    console.log(
      `${r.label.padEnd(12)} ${(r.before / MB).toFixed(0).padStart(7)} MB ${(r.peak / MB).toFixed(0).padStart(6)} MB ${(r.growth / MB).toFixed(1).padStart(5)} MB ${(r.ms / 1000).toFixed(2).padStart(7)} s`,
    );
  }
  const worst = Math.max(...results.map((r) => r.growth));
  console.log(worst <= 64 * MB ? `OK: growth ≤ 64 MB` : `OVER: growth ${(worst / MB).toFixed(1)} MB > 64 MB`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
