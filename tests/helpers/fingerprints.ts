import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { dHashToHex, indexedFingerprint, type IndexedFingerprint } from '@domain/fingerprints';
import { pictureDHash, type RgbaPixels } from '@domain/pixel-dhash';
import { renderAd } from '@server/db/seed/demo-ad-art';
import { DEMO_ENTRIES } from '@server/db/seed/demo-plan';
import { perceptualHash } from '@server/media/fingerprint';
import { poster } from './pictures';

/**
 * Firebase mode's fingerprints (docs/decisions/025) in Node: the browser's computation
 * (domain/pixel-dhash.ts) fed by sharp instead of a canvas, the server's for comparison,
 * and pictures to try them on: structured ones in several formats and sizes, the demo ads and posters.
 */

/** Decoded pixels as a canvas gives them: upright, sRGB, 8-bit RGBA, full size. */
export async function decodedPixels(bytes: Buffer): Promise<RgbaPixels> {
  const { data, info } = await sharp(bytes).rotate().toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** src/lib/file-fingerprint.ts with sharp as the decoder (images only: a video gets no dHash here). */
export async function nodeFingerprint(file: Blob): Promise<IndexedFingerprint> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const pixels = file.type.startsWith('image/') ? await decodedPixels(bytes) : null;
  return indexedFingerprint({ sha256, dhash: pixels ? pictureDHash(pixels, file.type) : null });
}

/** The server's dHash of a picture (server/media/fingerprint.ts) as hex, or null. */
export async function serverDHash(bytes: Buffer): Promise<string | null> {
  const phash = await perceptualHash(bytes);
  return phash === null ? null : dHashToHex(phash);
}

export interface TestPicture {
  name: string;
  bytes: Buffer;
  type: string;
}

/** tests/helpers/pictures.ts' posters as uploads: JPEG, PNG and WebP, landscape, portrait, odd sizes. */
export async function structuredPictures(): Promise<TestPicture[]> {
  const formats: [number, number, 'jpeg' | 'png' | 'webp'][] = [
    [1080, 810, 'jpeg'],
    [800, 600, 'png'],
    [1200, 900, 'webp'],
    [801, 603, 'jpeg'],
    [540, 675, 'jpeg'],
    [1080, 1080, 'png'],
  ];
  return Promise.all(
    formats.map(async ([width, height, format], i) => ({
      name: `poster ${i + 1}, ${width}×${height} ${format}`,
      bytes: await sharp(poster(i + 1), { density: 144 })
        .resize(width, height, { fit: 'fill' })
        .toFormat(format, { quality: 88 })
        .toBuffer(),
      type: `image/${format}`,
    })),
  );
}

/** The demo library's pictures: each ad as the seed draws it (JPEG), and each committed video poster. */
export async function demoPictures(): Promise<TestPicture[]> {
  const assets = path.resolve(import.meta.dirname, '../../server/db/seed/assets');
  const ads = await Promise.all(
    DEMO_ENTRIES.flatMap(({ c }) => (c.art ? [{ name: c.name, art: c.art, brand: c.advertiser }] : [])).map(async (a) => ({
      name: a.name,
      bytes: await renderAd({ ...a.art, brand: a.brand }),
      type: 'image/jpeg',
    })),
  );
  const posters = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('-poster.jpg'))
    .map((f) => ({ name: f, bytes: fs.readFileSync(path.join(assets, f)), type: 'image/jpeg' }));
  return [...ads, ...posters];
}

/** Copies that must still be found: half size, re-encoded at JPEG quality 60, converted to PNG and to WebP. */
export async function copiesOf(picture: TestPicture): Promise<TestPicture[]> {
  const { width = 2 } = await sharp(picture.bytes).metadata();
  return [
    {
      name: 'half size',
      bytes: await sharp(picture.bytes)
        .resize(Math.round(width / 2))
        .jpeg({ quality: 80 })
        .toBuffer(),
      type: 'image/jpeg',
    },
    { name: 'JPEG quality 60', bytes: await sharp(picture.bytes).jpeg({ quality: 60 }).toBuffer(), type: 'image/jpeg' },
    { name: 'PNG', bytes: await sharp(picture.bytes).png().toBuffer(), type: 'image/png' },
    { name: 'WebP', bytes: await sharp(picture.bytes).webp({ quality: 80 }).toBuffer(), type: 'image/webp' },
  ];
}
