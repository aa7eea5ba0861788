import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bandKeys, fingerprintMatch, hexDistance } from '@domain/fingerprints';
import { DUPLICATE_MAX_DISTANCE } from '@domain/perceptual-hash';
import { greyGrid, pictureDHash } from '@domain/pixel-dhash';
import { copiesOf, decodedPixels, demoPictures, serverDHash, structuredPictures, type TestPicture } from './helpers/fingerprints';

/**
 * Firebase mode's dHash from pixels (domain/pixel-dhash.ts, docs/decisions/025) against the server's
 * (server/media/fingerprint.ts, sharp). The pixels come from sharp here; e2e-firebase/duplicate-warning.e2e.ts
 * does the same with Chromium's decoders. The grids agree within a grey level or two; where two
 * neighbouring cells are that close (flat areas: the demo ads are flat vector art), a bit can still flip.
 */

/** Bits by which the pixel-side hash may differ from sharp's on the same structured picture. */
const BROWSER_DRIFT = 2;

const pixelSide = async (p: TestPicture) => pictureDHash(await decodedPixels(p.bytes), p.type);
const sharpGrid = (p: TestPicture) => sharp(p.bytes).rotate().greyscale().resize(9, 8, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();

let structured: TestPicture[];
let demo: TestPicture[];

beforeAll(async () => {
  [structured, demo] = await Promise.all([structuredPictures(), demoPictures()]);
}, 60_000);

describe('the dHash of decoded pixels', () => {
  it('redoes sharp’s 9×8 grid within two grey levels: JPEG, PNG and WebP, any size', async () => {
    for (const p of [...structured, ...demo.slice(0, 8)]) {
      const [ours, theirs] = [greyGrid(await decodedPixels(p.bytes), p.type), await sharpGrid(p)];
      expect(Math.max(...ours.map((g, i) => Math.abs(g - theirs[i]!))), p.name).toBeLessThanOrEqual(2);
    }
  });

  it('gives the server’s hash for the same file: within BROWSER_DRIFT bits, within the threshold on flat art', async () => {
    const distances = async (set: TestPicture[]) =>
      Promise.all(set.map(async (p) => hexDistance(await pixelSide(p), await serverDHash(p.bytes))));
    const [ofStructured, ofDemo] = await Promise.all([distances(structured), distances(demo)]);
    console.log(
      `[fingerprint] same file, pixel side vs sharp: structured ${ofStructured.join(' ')}; demo ads and posters ${ofDemo.join(' ')} bits`,
    );
    for (const [i, d] of ofStructured.entries()) expect(d, structured[i]!.name).toBeLessThanOrEqual(BROWSER_DRIFT);
    for (const [i, d] of ofDemo.entries()) expect(d, demo[i]!.name).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
  });

  it('finds every resized, re-encoded or converted copy that the server finds', async () => {
    const report: string[] = [];
    for (const p of structured) {
      const original = await serverDHash(p.bytes);
      for (const copy of await copiesOf(p)) {
        const [ours, server] = [hexDistance(await pixelSide(copy), original), hexDistance(await serverDHash(copy.bytes), original)];
        report.push(`${ours}/${server}`);
        if (server <= DUPLICATE_MAX_DISTANCE) expect(ours, `${p.name}, ${copy.name}`).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
      }
    }
    console.log(`[fingerprint] copies vs the server's hash of the original, pixel side/server side: ${report.join(' ')}`);
  });

  it('tells different pictures apart', async () => {
    // Different demo ads drawn on the same layout can be within the threshold even for the server: not here.
    const [ours, server] = await Promise.all([
      Promise.all(structured.map(pixelSide)),
      Promise.all(structured.map((p) => serverDHash(p.bytes))),
    ]);
    let closest = 64;
    for (let i = 0; i < structured.length; i++) {
      for (let j = 0; j < structured.length; j++) if (i !== j) closest = Math.min(closest, hexDistance(ours[i]!, server[j]!));
    }
    console.log(`[fingerprint] closest pair of different structured pictures: ${closest} bits`);
    expect(closest).toBeGreaterThan(DUPLICATE_MAX_DISTANCE);
  });

  it('reads transparency as sharp does (premultiplied around the resize)', async () => {
    const [first] = structured;
    const holes = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="810"><circle cx="360" cy="405" r="200"/></svg>',
    );
    const png = await sharp(first!.bytes)
      .ensureAlpha()
      .composite([{ input: holes, blend: 'dest-out' }])
      .png()
      .toBuffer();
    const picture = { name: 'alpha', bytes: png, type: 'image/png' };
    expect(hexDistance(await pixelSide(picture), await serverDHash(png))).toBeLessThanOrEqual(BROWSER_DRIFT);
  });

  it('gives a flat picture no dHash, as the server does', async () => {
    const flat = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3b82f6' } })
      .jpeg()
      .toBuffer();
    expect(await serverDHash(flat)).toBeNull();
    expect(pictureDHash(await decodedPixels(flat), 'image/jpeg')).toBeNull();
  });
});

describe('matching fingerprints', () => {
  const sha = (c: string) => c.repeat(64);

  it('matches the same bytes exactly, near pictures by distance, nothing else', () => {
    expect(fingerprintMatch({ sha256: sha('a'), dhash: null }, { sha256: sha('a'), dhash: '0000000000000000' })).toEqual({
      exact: true,
      distance: 0,
    });
    expect(fingerprintMatch({ sha256: sha('a'), dhash: 'ffff0000ffff0000' }, { sha256: sha('b'), dhash: 'ffff0000ffff001f' })).toEqual({
      exact: false,
      distance: 5,
    });
    expect(fingerprintMatch({ sha256: sha('a'), dhash: 'ffff0000ffff0000' }, { sha256: sha('b'), dhash: 'ffff0000ffff003f' })).toBeNull();
    expect(fingerprintMatch({ sha256: sha('a'), dhash: null }, { sha256: sha('b'), dhash: null })).toBeNull();
    expect(fingerprintMatch({ sha256: sha('a'), dhash: 'ffff0000ffff0000' }, { sha256: sha('b'), dhash: 'not a hash' })).toBeNull();
  });

  it('keys a dHash by its six bands: a hash within the threshold shares one', () => {
    const keys = bandKeys('ffff0000ffff0000');
    expect(keys.map((k) => k.split(':')[0])).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(keys.some((k) => bandKeys('ffff0000ffff001f').includes(k))).toBe(true);
  });
});
