import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAnalyser } from '@server/analysis/media-analyser';
import { createOcrAnalyser } from '@server/analysis/ocr/ocr-analyser';
import { resolveMediaTools } from '@server/media/media-tools';
import { renderCreative } from './fixtures/ocr/render-creatives';

/** The pool around the reader: its counts, a video without ffmpeg, a file it cannot read. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-ocr-pool-'));
const picture = path.join(scratch, 'offer.png');
let analyser: MediaAnalyser;

beforeAll(async () => {
  const png = await renderCreative({
    width: 640,
    height: 360,
    background: { kind: 'plain', color: '#ffffff' },
    blocks: [{ lines: ['Essai gratuit'], size: 56, color: '#111827', top: 0.4 }],
  });
  fs.writeFileSync(picture, png);
  analyser = createOcrAnalyser({ workers: 1 });
});

afterAll(async () => {
  await analyser?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('createOcrAnalyser', () => {
  it('reads one task at a time per thread and counts what waits, runs and is done', async () => {
    const first = analyser.analyse({ file: picture, mediaType: 'image', ffmpeg: null });
    const second = analyser.analyse({ file: picture, mediaType: 'image', ffmpeg: null });
    expect(analyser.workers).toBe(1);
    expect(analyser.stats()).toEqual({ running: 1, queued: 1, completed: 0 });
    const results = await Promise.all([first, second]);
    expect(results.map((r) => r.text)).toEqual(['Essai gratuit', 'Essai gratuit']);
    expect(analyser.stats()).toEqual({ running: 0, queued: 0, completed: 2 });
  });

  it('gives a video nothing read and no length when there is no ffmpeg', async () => {
    await expect(analyser.analyse({ file: picture, mediaType: 'video', ffmpeg: null })).resolves.toEqual({
      text: '',
      durationMs: null,
      frames: 0,
    });
  });

  it.runIf(Boolean(resolveMediaTools({}).ffmpeg))('rejects a video ffmpeg cannot read', async () => {
    const { ffmpeg } = resolveMediaTools({});
    const broken = path.join(scratch, 'broken.mp4');
    fs.writeFileSync(broken, Buffer.alloc(4096, 7));
    await expect(analyser.analyse({ file: broken, mediaType: 'video', ffmpeg })).rejects.toThrow();
  });

  it('rejects a file it cannot decode, and reads the next one', async () => {
    const broken = path.join(scratch, 'broken.png');
    fs.writeFileSync(broken, 'not a picture');
    await expect(analyser.analyse({ file: broken, mediaType: 'image', ffmpeg: null })).rejects.toThrow();
    await expect(analyser.analyse({ file: picture, mediaType: 'image', ffmpeg: null })).resolves.toMatchObject({ text: 'Essai gratuit' });
  });
});
