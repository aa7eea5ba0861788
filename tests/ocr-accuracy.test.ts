import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAnalyser } from '@server/analysis/media-analyser';
import { BACKGROUND_NICE } from '@server/analysis/ocr/background-priority';
import { createOcrAnalyser } from '@server/analysis/ocr/ocr-analyser';
import { resolveMediaTools } from '@server/media/media-tools';
import { IMAGE_CREATIVES, VIDEO_CREATIVE, type Background } from './fixtures/ocr/creative-set';
import { renderCreative, renderVideo } from './fixtures/ocr/render-creatives';
import { scoreReading, textOf, videoTextOf, type Reading } from './fixtures/ocr/word-recall';

/**
 * The OCR read on generated creatives (tests/fixtures/ocr/creative-set.ts): the bar is 95 % of
 * the words found on plain backgrounds and 80 % on busy ones (gradients, photos, the video's scenes).
 * The figures printed here are the ones in docs/benchmarks.md.
 */
const PLAIN_MIN = 0.95;
const BUSY_MIN = 0.8;
/** Words read that the creatives do not show, as a share of the words read. */
const NOISE_MAX = 0.1;

const { ffmpeg } = resolveMediaTools({});
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-ocr-'));
let analyser: MediaAnalyser;
type Group = Background['kind'] | 'video';
const readings = new Map<Group, Reading[]>();

beforeAll(async () => {
  analyser = createOcrAnalyser({ workers: 1 });
  for (const creative of IMAGE_CREATIVES) {
    fs.writeFileSync(path.join(scratch, `${creative.id}.png`), await renderCreative(creative));
  }
  if (ffmpeg) await renderVideo(VIDEO_CREATIVE, ffmpeg, path.join(scratch, `${VIDEO_CREATIVE.id}.mp4`));
}, 60_000);

afterAll(async () => {
  await analyser?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  printFigures();
});

function record(group: Group, reading: Reading) {
  readings.set(group, [...(readings.get(group) ?? []), reading]);
}

function share(list: readonly Reading[], pick: (r: Reading) => number, of: (r: Reading) => number): number {
  const total = list.reduce((sum, r) => sum + of(r), 0);
  return total === 0 ? 0 : list.reduce((sum, r) => sum + pick(r), 0) / total;
}

const recall = (list: readonly Reading[]) =>
  share(
    list,
    (r) => r.found,
    (r) => r.expected,
  );
const noise = (list: readonly Reading[]) =>
  share(
    list,
    (r) => r.extra.length,
    (r) => r.found + r.extra.length,
  );

function printFigures() {
  const rows = [...readings].map(([group, list]) => {
    const words = list.reduce((sum, r) => sum + r.expected, 0);
    const missed = list.flatMap((r) => r.missed).join(' ') || '—';
    const extra = list.flatMap((r) => r.extra).join(' ') || '—';
    return `${group.padEnd(9)} ${String(list.length).padStart(2)} creatives ${String(words).padStart(3)} words  found ${(recall(list) * 100).toFixed(1).padStart(5)} %  noise ${(noise(list) * 100).toFixed(1).padStart(4)} %  missed: ${missed}  extra: ${extra}`;
  });
  console.log(`OCR accuracy on the generated creatives\n${rows.join('\n')}`);
}

describe('OCR of generated creatives', () => {
  it.each(IMAGE_CREATIVES.map((c) => [c.id, c] as const))('reads %s', async (_id, creative) => {
    const result = await analyser.analyse({ file: path.join(scratch, `${creative.id}.png`), mediaType: 'image', ffmpeg });
    expect(result).toMatchObject({ durationMs: null, frames: 1 });
    record(creative.background.kind, scoreReading(textOf(creative), result.text));
  });

  it.runIf(Boolean(ffmpeg))('reads the keyframes of a video with burned-in text and tells its length', async () => {
    const result = await analyser.analyse({ file: path.join(scratch, `${VIDEO_CREATIVE.id}.mp4`), mediaType: 'video', ffmpeg });
    const seconds = VIDEO_CREATIVE.sceneSeconds * VIDEO_CREATIVE.scenes.length;
    expect(result.durationMs).toBeGreaterThan(seconds * 1000 - 100);
    expect(result.durationMs).toBeLessThan(seconds * 1000 + 100);
    expect(result.frames).toBe(4);
    record('video', scoreReading(videoTextOf(VIDEO_CREATIVE), result.text));
  });

  it(`finds ≥ ${PLAIN_MIN * 100} % of the words on plain backgrounds and ≥ ${BUSY_MIN * 100} % on busy ones`, () => {
    const plain = readings.get('plain') ?? [];
    const busy = [...readings].filter(([group]) => group !== 'plain').flatMap(([, list]) => list);
    expect(plain).toHaveLength(IMAGE_CREATIVES.filter((c) => c.background.kind === 'plain').length);
    expect(recall(plain)).toBeGreaterThanOrEqual(PLAIN_MIN);
    expect(recall(busy)).toBeGreaterThanOrEqual(BUSY_MIN);
    for (const [group, list] of readings) expect(recall(list), group).toBeGreaterThanOrEqual(group === 'plain' ? PLAIN_MIN : BUSY_MIN);
  });

  it(`reads few words the creatives do not show (≤ ${NOISE_MAX * 100} %)`, () => {
    const all = [...readings.values()].flat();
    expect(noise(all)).toBeLessThanOrEqual(NOISE_MAX);
  });

  it.runIf(process.platform === 'linux')("reads at the lowest priority, the server's own threads untouched", () => {
    // Each thread's nice value (/proc/<pid>/task/<tid>/stat, field 19): the OCR thread and the engine's
    // thread it started are at 19 once they have read; the event loop's thread (tid = pid) stays at 0.
    const niceOf = (tid: string) => Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const threads = fs.readdirSync('/proc/self/task');
    expect(niceOf(String(process.pid))).toBe(0);
    expect(threads.filter((tid) => niceOf(tid) === BACKGROUND_NICE).length).toBeGreaterThanOrEqual(2);
  });
});
