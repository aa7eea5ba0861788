import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Creative } from '@domain/types';
import { openGraphDerivative, openGraphFileName, openGraphSize, parseStoredName } from './derivatives';
import { openGraphImage } from './open-graph';

/** Link-preview images (Open Graph / Twitter cards): the JPEG, its name, and what the page head is told of it. */

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2563eb' } });

describe('openGraphDerivative', () => {
  it('is a progressive JPEG 1200 px wide, without metadata', async () => {
    const original = await solid(2400, 1000)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Agence', Make: 'Téléphone' } })
      .withIccProfile('p3')
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const made = await openGraphDerivative(original);
    const meta = await sharp(made.data).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 1200, height: 500 });
    expect({ width: made.width, height: made.height }).toEqual({ width: 1200, height: 500 });
    expect(meta.isProgressive).toBe(true);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('is never enlarged, is turned upright per EXIF, and puts transparency on white', async () => {
    const narrow = await openGraphDerivative(await solid(500, 400).png().toBuffer());
    expect({ width: narrow.width, height: narrow.height }).toEqual({ width: 500, height: 400 });

    // Stored 1600 × 900, shown 900 × 1600 (orientation 6: turned a quarter clockwise).
    const sideways = await solid(1600, 900).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const upright = await openGraphDerivative(sideways);
    expect({ width: upright.width, height: upright.height }).toEqual({ width: 900, height: 1600 });

    const transparent = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { data } = await sharp((await openGraphDerivative(transparent)).data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });

  it('has the size openGraphSize tells (sharp rounds the height the same way)', async () => {
    for (const [w, h] of [
      [1201, 1],
      [1999, 1001],
      [3000, 1999],
      [4032, 3024],
      [1333, 1000],
      [800, 533],
    ] as const) {
      const made = await openGraphDerivative(await solid(w, h).png().toBuffer());
      expect(openGraphSize(w, h), `${w}×${h}`).toEqual({ width: made.width, height: made.height });
    }
  });
});

describe('the file name', () => {
  it('is beside the original and parses as one of its derivatives', () => {
    const name = openGraphFileName('creatives/1732170000000-4f9a1c2b3d4e');
    expect(name).toBe('creatives/1732170000000-4f9a1c2b3d4e-og.jpg');
    expect(parseStoredName(name)).toEqual({ base: 'creatives/1732170000000-4f9a1c2b3d4e', ext: null });
    expect(parseStoredName('creatives/1732170000000-4f9a1c2b3d4e.jpg')).toEqual({
      base: 'creatives/1732170000000-4f9a1c2b3d4e',
      ext: 'jpg',
    });
    expect(parseStoredName('creatives/1732170000000-4f9a1c2b3d4e-og.png')).toBeNull();
    expect(parseStoredName('creatives/og.jpg')).toBeNull();
  });
});

describe('openGraphImage', () => {
  const sources = { avif: '/media/creatives/1-ab-320.avif 320w', webp: '/media/creatives/1-ab-320.webp 320w' };
  const creative = (over: Partial<Creative>): Creative =>
    ({
      id: 'c1',
      mediaType: 'image',
      mediaUrl: '/media/creatives/1732170000000-4f9a1c2b3d4e.png',
      thumbUrl: '/media/creatives/1732170000000-4f9a1c2b3d4e-card.webp',
      posterUrl: null,
      width: 2000,
      height: 1500,
      sources,
      image: null,
      ...over,
    }) as Creative;

  it('gives the URL of the JPEG beside the original and its real size', () => {
    expect(openGraphImage(creative({}))).toEqual({ url: '/media/creatives/1732170000000-4f9a1c2b3d4e-og.jpg', width: 1200, height: 900 });
    expect(openGraphImage(creative({ width: 640, height: 800 }))).toMatchObject({ width: 640, height: 800 });
    expect(openGraphImage(creative({ width: 1999, height: 1001 }))).toMatchObject({ width: 1200, height: 601 });
  });

  it("gives a video's, made from its poster", () => {
    const video = creative({
      mediaType: 'video',
      mediaUrl: '/media/creatives/1732170000000-4f9a1c2b3d4e.mp4',
      posterUrl: '/media/creatives/1732170000000-4f9a1c2b3d4e-poster.jpg',
      width: 1920,
      height: 1080,
    });
    expect(openGraphImage(video)).toEqual({ url: '/media/creatives/1732170000000-4f9a1c2b3d4e-og.jpg', width: 1200, height: 675 });
    expect(openGraphImage({ ...video, posterUrl: null })).toBeNull();
  });

  it('is null without a stored, readable picture of known size', () => {
    expect(openGraphImage(creative({ mediaUrl: null, thumbUrl: null }))).toBeNull();
    expect(
      openGraphImage(creative({ mediaUrl: 'https://cdn.example.com/ancienne.jpg', image: 'https://cdn.example.com/ancienne.jpg' })),
    ).toBeNull();
    expect(openGraphImage(creative({ mediaUrl: '/media/creatives/1732170000000-4f9a1c2b3d4e-card.webp' }))).toBeNull();
    expect(openGraphImage(creative({ sources: null }))).toBeNull();
    expect(openGraphImage(creative({ sources: undefined }))).toBeNull();
    expect(openGraphImage(creative({ width: null }))).toBeNull();
    expect(openGraphImage(creative({ height: 0 }))).toBeNull();
  });
});
