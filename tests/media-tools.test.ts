import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '@server/media/media-tools';
import { durationFromLog, extractPoster, frameSizeFromLog } from '@server/media/video';
import type { Creative } from '@domain/types';
import { createTestApp, type TestApp } from './helpers/test-app';
import { creativeForm, demoVideoBytes, VALID_FORM } from './helpers/uploads';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-tools-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A directory holding an executable `ffmpeg` script (never run: only its presence matters). */
function fakeBinDir(name: string): string {
  const dir = path.join(scratch, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'ffmpeg'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  return dir;
}

describe('resolveMediaTools', () => {
  it('takes FFMPEG_PATH first', () => {
    const bin = path.join(fakeBinDir('explicit'), 'ffmpeg');
    expect(resolveMediaTools({ FFMPEG_PATH: bin, PATH: fakeBinDir('on-path') })).toMatchObject({ ffmpeg: bin, source: 'FFMPEG_PATH' });
  });

  it('treats a FFMPEG_PATH that does not exist as "no ffmpeg", without falling back', () => {
    expect(resolveMediaTools({ FFMPEG_PATH: path.join(scratch, 'missing', 'ffmpeg'), PATH: fakeBinDir('p2') })).toMatchObject({
      ffmpeg: null,
      source: 'none',
    });
  });

  it('then a binary on PATH', () => {
    const dir = fakeBinDir('p3');
    expect(resolveMediaTools({ PATH: `/nonexistent${path.delimiter}${dir}` })).toMatchObject({
      ffmpeg: path.join(dir, 'ffmpeg'),
      source: 'PATH',
    });
  });

  it('then the static ffmpeg shipped by the npm package, which runs here', async () => {
    const tools = resolveMediaTools({ PATH: '' });
    expect(tools.source).toBe('npm');
    expect(tools.ffmpeg).toContain(`${path.sep}@ffmpeg-installer${path.sep}`);
    expect(tools.ffprobe).toBeNull();
    const videoFile = path.join(scratch, 'clip.mp4');
    fs.writeFileSync(videoFile, demoVideoBytes());
    const frame = await extractPoster(tools, videoFile);
    expect(frame?.poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(frame?.width).toBeGreaterThan(0);
    expect(frame?.height).toBeGreaterThan(0);
    // The demo clip lasts 3 s: read from the log of the same ffmpeg run (no ffprobe here).
    expect(frame?.durationMs).toBe(3000);
  }, 30_000);
});

describe('frameSizeFromLog', () => {
  it('reads the first video stream size and ignores codec tags such as 0x31637661', () => {
    const log = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':",
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 640x360 [SAR 1:1 DAR 16:9], 203 kb/s, 30 fps',
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo',
      'Output #0, image2, to out.jpg:',
      '    Stream #0:0(und): Video: mjpeg, yuvj420p(pc), 320x180, q=2-31',
    ].join('\n');
    expect(frameSizeFromLog(log)).toEqual({ width: 640, height: 360 });
    expect(frameSizeFromLog('nothing here')).toEqual({ width: null, height: null });
  });
});

describe('a video uploaded where ffmpeg is missing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FFMPEG_PATH: path.join(scratch, 'no-such-dir', 'ffmpeg') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is kept, without a poster', async () => {
    expect(t.deps.media.tools.ffmpeg).toBeNull();
    const { cookie } = await t.loginAs('specialist');
    const res = await t.request<Creative>('POST', '/api/creatives', {
      cookie,
      body: creativeForm(VALID_FORM, { bytes: demoVideoBytes(), name: 'spot.mp4', type: 'video/mp4' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.mediaType).toBe('video');
    expect(res.body.posterUrl ?? null).toBeNull();
    const media = await t.request('GET', res.body.mediaUrl!);
    expect(media.status).toBe(200);
    expect(media.bytes.equals(demoVideoBytes())).toBe(true);
  });
});

describe('durationFromLog', () => {
  it("reads the container's duration to the millisecond, and nothing when ffmpeg says N/A", () => {
    expect(durationFromLog('  Duration: 00:00:05.00, start: 0.000000, bitrate: 103 kb/s')).toBe(5000);
    expect(durationFromLog('  Duration: 00:01:02.345, start: 0.000000')).toBe(62_345);
    expect(durationFromLog('  Duration: 01:00:00.04, start: 0.000000')).toBe(3_600_040);
    expect(durationFromLog('  Duration: N/A, bitrate: N/A')).toBeNull();
  });
});
