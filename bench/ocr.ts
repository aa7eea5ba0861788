/**
 * npm run bench:ocr -- [--runs 7] [--reads 60] [--all-cores] [--out bench/baselines/ocr.json]
 *
 * The OCR analyser (server/analysis/ocr) on the generated creatives of the accuracy test
 * (tests/fixtures/ocr): one thread, in a process started like `npm start` starts the server (its
 * malloc setting and node flags) and pinned to one core (`taskset -c 0`, unless --all-cores). Measures the first task of a fresh pool (thread and engine start), a 1080×1080
 * image on a plain and on a photo background (median of `runs` after two warm-up reads; the issue's
 * target is ≤ 1.5 s), a 6 s 1280×720 video and a 30 s 1080×1920 story (4 keyframes each), and the
 * process's memory: RSS before the pool, with the pool made but idle (no thread yet), the peak while
 * reading, after `reads` more pages (is it bounded?), and once the idle thread has ended. Prints a
 * table and writes the figures to `out`. Figures: docs/benchmarks.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createOcrAnalyser } from '@server/analysis/ocr/ocr-analyser';
import { resolveMediaTools } from '@server/media/media-tools';
import { IMAGE_CREATIVES, VIDEO_CREATIVE, type CreativeSpec, type VideoSpec } from '../tests/fixtures/ocr/creative-set';
import { MB, memoryOf } from './process-memory';
import { startCommand } from './start-command';

const projectRoot = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    reads: { type: 'string', default: '60' },
    'all-cores': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(projectRoot, 'bench', 'baselines', 'ocr.json') },
  },
});

const IDLE_MS = 3_000;
const runs = Number(opts.runs);
const { ffmpeg } = resolveMediaTools({});
if (!ffmpeg) throw new Error('no ffmpeg: the @ffmpeg-installer/ffmpeg package is missing');

const STORY: VideoSpec = { ...VIDEO_CREATIVE, id: 'story-30s', width: 1080, height: 1920, sceneSeconds: 10 };
const TINY: CreativeSpec = {
  id: 'tiny',
  width: 320,
  height: 160,
  background: { kind: 'plain', color: '#ffffff' },
  blocks: [{ lines: ['Essai'], size: 48, color: '#000000', top: 0.3 }],
};
const PLAIN = IMAGE_CREATIVES.find((c) => c.id === 'plain-white-on-red-72')!;
const PHOTO = IMAGE_CREATIVES.find((c) => c.id === 'photo-shadow-80')!;
const file = (dir: string, id: string, ext: string) => path.join(dir, `${id}.${ext}`);

/**
 * The creatives are drawn here, then measured in a child process that loads nothing but the analyser:
 * started as `npm start` starts the server (its malloc setting and node flags), pinned to one core.
 */
const CHILD = 'CREATHEQUE_OCR_BENCH_DIR';
async function prepareAndMeasure(): Promise<number> {
  // Loaded here only: the measured process does not hold the drawing code.
  const { renderCreative, renderVideo } = await import('../tests/fixtures/ocr/render-creatives');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-bench-ocr-'));
  try {
    for (const spec of [PLAIN, PHOTO, TINY]) fs.writeFileSync(file(dir, spec.id, 'png'), await renderCreative(spec));
    await renderVideo(VIDEO_CREATIVE, ffmpeg!, file(dir, VIDEO_CREATIVE.id, 'mp4'));
    await renderVideo(STORY, ffmpeg!, file(dir, STORY.id, 'mp4'));
    const start = startCommand();
    const node = [process.execPath, ...start.nodeFlags, ...process.execArgv, ...process.argv.slice(1)];
    const [command, ...args] = opts['all-cores'] ? node : ['taskset', '-c', '0', ...node];
    const child = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, ...start.env, [CHILD]: dir } });
    if (child.error) throw new Error(`${command} could not run (${child.error.message})${opts['all-cores'] ? '' : '; try --all-cores'}`);
    return child.status ?? 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rss(): number {
  globalThis.gc?.();
  return memoryOf(process.pid).rss;
}

/** Runs `work`; the process's peak RSS meanwhile (the kernel's high-water mark, reset first). */
async function peakDuring<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const value = await work();
  return { value, peak: memoryOf(process.pid).peak };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function measure(dir: string) {
  await sleep(500);
  const rssBefore = rss();
  const analyser = createOcrAnalyser({ workers: 1, idleTimeoutMs: IDLE_MS });
  const rssPool = rss();
  const image = (id: string) => analyser.analyse({ file: file(dir, id, 'png'), mediaType: 'image', ffmpeg });
  const video = (id: string) => analyser.analyse({ file: file(dir, id, 'mp4'), mediaType: 'video', ffmpeg });

  const cold = await timed(() => image(TINY.id));
  const rssFirst = rss();
  const warmTiny: number[] = [];
  for (let i = 0; i < 3; i++) warmTiny.push((await timed(() => image(TINY.id))).ms);

  const perImage = async (spec: CreativeSpec) => {
    for (let i = 0; i < 2; i++) await image(spec.id);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await timed(() => image(spec.id))).ms);
    return times;
  };
  const reading = await peakDuring(async () => ({ plain: await perImage(PLAIN), photo: await perImage(PHOTO) }));
  const videoTimes: number[] = [];
  const storyTimes: number[] = [];
  const videos = await peakDuring(async () => {
    for (let i = 0; i < 3; i++) videoTimes.push((await timed(() => video(VIDEO_CREATIVE.id))).ms);
    for (let i = 0; i < 3; i++) storyTimes.push((await timed(() => video(STORY.id))).ms);
  });
  const rssAfterReads = rss();
  const endurance = await peakDuring(async () => {
    for (let i = 0; i < Number(opts.reads); i++) await image(i % 2 ? PHOTO.id : PLAIN.id);
  });
  const rssAfterMore = rss();
  await sleep(IDLE_MS + 2_000);
  const rssIdle = rss();
  await analyser.close();

  const ms = (v: number) => `${Math.round(v)} ms`;
  const mb = (v: number) => `${(v / MB).toFixed(0)} MB`;
  const spread = (times: number[]) => `${ms(median(times))} (${ms(Math.min(...times))}–${ms(Math.max(...times))})`;
  const rows: [string, string][] = [
    ['first task of a fresh pool (thread + engine start + a small read)', ms(cold.ms)],
    ['the same small read, warm (median of 3)', ms(median(warmTiny))],
    ['thread and engine start (difference)', ms(cold.ms - median(warmTiny))],
    [`1080×1080, plain background, median of ${runs} (min–max)`, spread(reading.value.plain)],
    [`1080×1080, photo background, median of ${runs} (min–max)`, spread(reading.value.photo)],
    ['video 1280×720, 6 s, 4 keyframes, median of 3', spread(videoTimes)],
    ['story 1080×1920, 30 s, 4 keyframes, median of 3', spread(storyTimes)],
    ['RSS before the pool', mb(rssBefore)],
    ['RSS with the pool made, idle (no thread)', `${mb(rssPool)} (+${mb(rssPool - rssBefore)})`],
    ['RSS after the first task (one thread, engine loaded)', `${mb(rssFirst)} (+${mb(rssFirst - rssBefore)})`],
    ['peak RSS reading images', `${mb(reading.peak)} (+${mb(reading.peak - rssBefore)})`],
    ['peak RSS reading videos', `${mb(videos.peak)} (+${mb(videos.peak - rssBefore)})`],
    [`RSS after ${opts.reads} more images (peak)`, `${mb(rssAfterMore)} (${mb(endurance.peak)}); before them ${mb(rssAfterReads)}`],
    [`RSS ${(IDLE_MS + 2_000) / 1000} s after the last task (idle thread ended)`, `${mb(rssIdle)} (+${mb(rssIdle - rssBefore)})`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nOCR analyser — ${machine()}${opts['all-cores'] ? '' : ', pinned to one core'}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

  const figures = {
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim(),
    machine: machine(),
    pinnedToOneCore: !opts['all-cores'],
    coldFirstTaskMs: Math.round(cold.ms),
    warmSmallReadMs: Math.round(median(warmTiny)),
    image1080PlainMs: reading.value.plain.map(Math.round),
    image1080PhotoMs: reading.value.photo.map(Math.round),
    video6sMs: videoTimes.map(Math.round),
    story30sMs: storyTimes.map(Math.round),
    rssMb: {
      before: rssBefore / MB,
      poolIdle: rssPool / MB,
      afterFirstTask: rssFirst / MB,
      peakImages: reading.peak / MB,
      peakVideos: videos.peak / MB,
      afterMoreReads: rssAfterMore / MB,
      peakMoreReads: endurance.peak / MB,
      threadEnded: rssIdle / MB,
    },
  };
  fs.writeFileSync(opts.out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nfigures written to ${path.relative(projectRoot, opts.out)}`);
}

function machine(): string {
  const model = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
  return `${model}, ${os.cpus().length} cores, Node ${process.version}`;
}

const dir = process.env[CHILD];
if (dir) await measure(dir);
else process.exitCode = await prepareAndMeasure();
