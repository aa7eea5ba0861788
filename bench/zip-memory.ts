/**
 * npm run build && npm run bench:zip -- [--files 11] [--mb 48] [--server dist-server/index.js]
 *
 * Peak memory of the server while it streams a ~500 MB folder as a ZIP (issue 18: a 500 MB folder
 * may raise RSS by ≤ 64 MB), with the disk store and with the S3 store (a local s3rver process,
 * tests/helpers/s3-server.ts). For each, starts the built server on a fresh DATA_DIR (PGlite,
 * seeded with the demo accounts), uploads `files` real MP4s of `mb` MB as the admin (the upload
 * path: stored originals with their rows; bench/media-files.ts makes the video once), files them
 * in a folder, downloads a small folder's ZIP first (libraries loaded), then for a fast client
 * and for a slow one (reads ~40 MB/s): resets the kernel's peak-RSS mark
 * (`echo 5 > /proc/PID/clear_refs`), downloads the big ZIP and reads VmHWM − the VmRSS just
 * before. Prints the growth, the throughput and the archive's size, and checks the archive with
 * `unzip -t` (every entry's CRC) and its entry list. Figures: docs/benchmarks.md,
 * bench/baselines/zip-memory.json.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { Creative, Folder } from '@domain/types';
import { startS3Server } from '../tests/helpers/s3-server';
import { encodeForm } from '../tests/helpers/server-process';
import { creativeForm, VALID_FORM } from '../tests/helpers/uploads';
import { makeVideo } from './media-files';
import { MB, peakGrowthDuring, withBenchServer } from './process-memory';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    files: { type: 'string', default: '11' },
    mb: { type: 'string', default: '48' },
    server: { type: 'string', default: path.join(projectRoot, 'dist-server', 'index.js') },
  },
});

/** Downloads a ZIP into `file`, at most `bytesPerSecond` when given (a slow client); its size and duration. */
async function download(url: string, cookie: string, file: string, bytesPerSecond?: number) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status} ${await res.text()}`);
  const out = fs.openSync(file, 'w');
  let bytes = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      fs.writeSync(out, chunk);
      bytes += chunk.length;
      if (bytesPerSecond) {
        const due = started + (bytes / bytesPerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }
  } finally {
    fs.closeSync(out);
  }
  return { bytes, ms: performance.now() - started };
}

interface Result {
  label: string;
  before: number;
  peak: number;
  growth: number;
  bytes: number;
  ms: number;
}

/** One server on one store: seeds the folder, then downloads its ZIP as a fast and as a slow client. */
async function measure(store: string, video: Buffer, count: number, extraEnv: Record<string, string>): Promise<Result[]> {
  return withBenchServer(opts.server!, extraEnv, async ({ child, baseUrl, cookie, dataDir }) => {
    const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl}${route}`, {
        method,
        headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${route} answered ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };

    const folder = await api<Folder>('POST', '/api/folders', { name: 'Bench ZIP' });
    const uploadStarted = performance.now();
    for (let i = 0; i < count; i++) {
      const { body, contentType } = await encodeForm(
        creativeForm({ ...VALID_FORM, name: `Spot ${i % 3}` }, { bytes: video, name: 'spot.mp4', type: 'video/mp4' }),
      );
      const res = await fetch(`${baseUrl}/api/creatives`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status} ${await res.text()}`);
      const creative = (await res.json()) as Creative;
      await api('PUT', `/api/folders/${folder.id}/creatives/${creative.id}`);
    }
    console.log(`${store}: seeded through the upload path in ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s`);

    const small = await api<Folder>('POST', '/api/folders', { name: 'Chauffe' });
    const demo = (await api<{ items: Creative[] }>('GET', '/api/creatives')).items.slice(0, 3);
    for (const c of demo) await api('PUT', `/api/folders/${small.id}/creatives/${c.id}`);
    const archive = path.join(dataDir, 'bench.zip');
    await download(`${baseUrl}/api/folders/${small.id}/zip`, cookie, archive);

    const results: Result[] = [];
    for (const [label, rate] of [
      ['fast client', undefined],
      ['slow client (40 MB/s)', 40 * MB],
    ] as const) {
      const { result: got, ...memory } = await peakGrowthDuring(child.pid!, () =>
        download(`${baseUrl}/api/folders/${folder.id}/zip`, cookie, archive, rate),
      );
      await run('unzip', ['-tqq', archive]);
      const { stdout } = await run('unzip', ['-Z1', archive]);
      const entries = stdout.trim().split('\n');
      if (entries.length !== count + 1 || entries.at(-1) !== 'README.txt') throw new Error(`unexpected entries: ${entries.join(', ')}`);
      results.push({
        label: `${store}, ${label}`,
        ...memory,
        bytes: got.bytes,
        ms: got.ms,
      });
    }

    return results;
  });
}

async function main() {
  if (!fs.existsSync(opts.server!)) throw new Error(`${opts.server} not found: run npm run build first`);
  const count = Number(opts.files);
  const video = fs.readFileSync(await makeVideo(Number(opts.mb)));
  console.log(`${count} × ${(video.length / MB).toFixed(1)} MiB MP4; node ${process.version}; ${os.cpus().length} cores`);
  const results = await measure('disk', video, count, {});
  const s3 = await startS3Server({ prefix: 'bench-zip' });
  try {
    results.push(...(await measure('s3 (s3rver)', video, count, s3.env)));
  } finally {
    await s3.stop();
  }
  console.log('store, client                        RSS before  peak RSS  growth    archive     time   throughput');
  for (const r of results) {
    console.log(
      `${r.label.padEnd(36)} ${(r.before / MB).toFixed(0).padStart(7)} MB ${(r.peak / MB).toFixed(0).padStart(6)} MB ${(r.growth / MB).toFixed(1).padStart(5)} MB ${(r.bytes / MB).toFixed(1).padStart(7)} MiB ${(r.ms / 1000).toFixed(2).padStart(6)} s ${(r.bytes / MB / (r.ms / 1000)).toFixed(0).padStart(6)} MiB/s`,
    );
  }
  console.log(`Archives checked: unzip -t passed, ${count} media + README.txt each`);
  const worst = Math.max(...results.map((r) => r.growth));
  console.log(worst <= 64 * MB ? 'OK: growth ≤ 64 MB' : `OVER: growth ${(worst / MB).toFixed(1)} MB > 64 MB`);
  if (worst > 64 * MB) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
