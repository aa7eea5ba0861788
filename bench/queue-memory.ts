/**
 * The server's memory with the media-analysis queue idle, against a build without it, and after a
 * burst of analyses:
 *
 *   npm run build
 *   npx tsx bench/queue-memory.ts [--before /path/to/older/dist-server/index.js] [--rounds 3] [--work 6]
 *
 * Each build first seeds a DATA_DIR of its own (PGlite, demo seed) and stops; each round then starts
 * every variant on a copy of it (no seeding, which would weigh more than the queue), waits for it to
 * settle and takes the median of its RSS over 10 s: `before` (a build from before the queue, when given),
 * `workers=0` (the queue only queues) and `workers=1` (the default: pg-boss polling, no thread until
 * a job comes). Then, on the default server, `--work` submissions are analysed and, once the queue is
 * empty and the idle thread has ended (30 s), the RSS is read again — and on the `workers=0` server the
 * same submissions only queued, to tell what the uploads themselves (sharp's derivatives) weigh. Prints medians over the rounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { IMAGE_CREATIVES } from '../tests/fixtures/ocr/creative-set';
import { renderCreative } from '../tests/fixtures/ocr/render-creatives';
import { VALID_FORM } from '../tests/helpers/creative-form';
import { MB, memoryOf, withBenchServer, type BenchServer } from './process-memory';

const { values: opts } = parseArgs({
  options: {
    server: { type: 'string', default: 'dist-server/index.js' },
    before: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    work: { type: 'string', default: '6' },
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The median RSS of the process over `seconds`, read every half second, after `settleMs`. */
async function steadyRss(pid: number, settleMs = 8000, seconds = 10): Promise<number> {
  await sleep(settleMs);
  const samples: number[] = [];
  for (let i = 0; i < seconds * 2; i++) {
    samples.push(memoryOf(pid).rss);
    await sleep(500);
  }
  return median(samples);
}

/** The jobs waiting or running, from /api/metrics (media_analysis_jobs by state). */
async function jobsLeft(server: BenchServer): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/api/metrics`, { headers: { cookie: server.cookie } })).text();
  let left = 0;
  for (const m of text.matchAll(/^media_analysis_jobs\{state="(\w+)"\} (\d+)/gm)) left += Number(m[2]);
  return left;
}

async function submit(server: BenchServer, i: number): Promise<void> {
  const spec = IMAGE_CREATIVES[i % IMAGE_CREATIVES.length]!;
  const png = await sharp(await renderCreative(spec))
    .png()
    .toBuffer();
  const body = new FormData();
  body.set('data', JSON.stringify({ ...VALID_FORM, name: `Mémoire ${i}` }));
  body.set('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${spec.id}.png`);
  const res = await fetch(`${server.baseUrl}/api/creatives`, { method: 'POST', headers: { cookie: server.cookie }, body });
  if (!res.ok) throw new Error(`submission ${i}: ${res.status} ${await res.text()}`);
}

interface Round {
  before?: number;
  workers0: number;
  workers1: number;
  afterWork: number;
  /** The same submissions on a server that only queues (MEDIA_ANALYSIS_WORKERS=0): what they cost without the reading. */
  afterSubmitsOnly: number;
  workSeconds: number;
}

/** A seeded DATA_DIR of the build at `serverPath`, kept for the rounds (its schema is that build's). */
async function seededDataDir(serverPath: string): Promise<string> {
  const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-bench-seeded-'));
  await withBenchServer(serverPath, {}, async (s) => {
    await sleep(5000);
    // Stopped cleanly first: the copy is a closed database.
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
    fs.cpSync(s.dataDir, kept, { recursive: true });
  });
  fs.rmSync(path.join(kept, 'server.lock'), { force: true });
  return kept;
}

const templates = {
  before: opts.before ? await seededDataDir(opts.before) : undefined,
  current: await seededDataDir(opts.server!),
};

async function round(): Promise<Round> {
  const before =
    opts.before && templates.before
      ? await withBenchServer(opts.before, {}, (s) => steadyRss(s.child.pid!, 20_000), templates.before)
      : undefined;
  const { workers0, afterSubmitsOnly } = await withBenchServer(
    opts.server!,
    { MEDIA_ANALYSIS_WORKERS: '0' },
    async (s) => {
      const idle = await steadyRss(s.child.pid!, 20_000);
      for (let i = 0; i < Number(opts.work); i++) await submit(s, i);
      return { workers0: idle, afterSubmitsOnly: await steadyRss(s.child.pid!, 35_000) };
    },
    templates.current,
  );
  return withBenchServer(
    opts.server!,
    {},
    async (s) => {
      const workers1 = await steadyRss(s.child.pid!, 20_000);
      const started = performance.now();
      for (let i = 0; i < Number(opts.work); i++) await submit(s, i);
      while ((await jobsLeft(s)) > 0) await sleep(500);
      const workSeconds = (performance.now() - started) / 1000;
      // The idle thread ends 30 s after its last task.
      const afterWork = await steadyRss(s.child.pid!, 35_000);
      return { before, workers0, workers1, afterWork, afterSubmitsOnly, workSeconds };
    },
    templates.current,
  );
}

const rounds: Round[] = [];
for (let r = 0; r < Number(opts.rounds); r++) {
  rounds.push(await round());
  const last = rounds.at(-1)!;
  console.log(
    `round ${r + 1}: ${last.before !== undefined ? `before ${(last.before / MB).toFixed(1)} MB, ` : ''}workers=0 ${(last.workers0 / MB).toFixed(1)} MB (${(last.afterSubmitsOnly / MB).toFixed(1)} MB after ${opts.work} submissions, queued only), workers=1 idle ${(last.workers1 / MB).toFixed(1)} MB, after ${opts.work} analyses (${last.workSeconds.toFixed(1)} s) and 35 s idle ${(last.afterWork / MB).toFixed(1)} MB`,
  );
}
const mb = (pick: (r: Round) => number | undefined) => {
  const xs = rounds.map(pick).filter((x): x is number => x !== undefined);
  return xs.length ? `${(median(xs) / MB).toFixed(1)} MB` : '—';
};
console.log('\n| server | RSS, median of rounds |\n|---|---|');
if (opts.before) console.log(`| before the queue | ${mb((r) => r.before)} |`);
console.log(`| queue, MEDIA_ANALYSIS_WORKERS=0 | ${mb((r) => r.workers0)} |`);
console.log(`| queue idle, 1 worker (default) | ${mb((r) => r.workers1)} |`);
console.log(`| ${opts.work} submissions queued, not read (MEDIA_ANALYSIS_WORKERS=0), 35 s later | ${mb((r) => r.afterSubmitsOnly)} |`);
console.log(`| after ${opts.work} analyses, thread ended | ${mb((r) => r.afterWork)} |`);
