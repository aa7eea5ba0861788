import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MalformedPicture, stripMetadata, type StrippableFormat } from '@server/media/strip-metadata';
import { detailedJpeg, noiseBytes, phonePhoto, pngChunk } from './helpers/attack-files';

/**
 * The lossless metadata stripper (server/media/strip-metadata.ts): the pixels stay the very same,
 * EXIF / XMP / IPTC / comments / text chunks / trailing data go, the colour profile stays, and a
 * broken file is a MalformedPicture — never another error, never a hang.
 */
const FORMATS: StrippableFormat[] = ['jpeg', 'png', 'webp'];

async function pixels(data: Buffer): Promise<Buffer> {
  return sharp(data).raw().toBuffer();
}

/** A JPEG segment: marker, length, payload. */
function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

describe('stripMetadata', () => {
  for (const format of FORMATS) {
    it(`${format}: removes EXIF (GPS) and XMP, keeps the ICC profile and the exact pixels`, async () => {
      const photo = await sharp(await phonePhoto(format))
        .withIccProfile('p3')
        .keepExif()
        .keepXmp()
        .toFormat(format)
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect(before.exif, 'the sample has EXIF').toBeDefined();
      expect(before.xmp, 'the sample has XMP').toBeDefined();

      const stripped = stripMetadata(photo, format);
      const after = await sharp(stripped).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.hasProfile).toBe(true);
      expect(after.format).toBe(format);
      expect(stripped.includes('PhoneCo')).toBe(false);
      expect(stripped.includes('GPSLatitude')).toBe(false);
      expect((await pixels(stripped)).equals(await pixels(photo))).toBe(true);
      // Stripping what is already clean changes nothing.
      expect(stripMetadata(stripped, format).equals(stripped)).toBe(true);
    });
  }

  it('jpeg: removes IPTC (Photoshop APP13), comments and thumbnails, and whatever follows the end of the image', async () => {
    const jpeg = await detailedJpeg(64, 48);
    const iptc = jpegSegment(0xed, Buffer.from('Photoshop 3.0\0 8BIM\x04\x04 City: Paris', 'latin1'));
    const comment = jpegSegment(0xfe, Buffer.from('shot at 48.8566 N', 'latin1'));
    const jfxx = jpegSegment(0xe0, Buffer.concat([Buffer.from('JFXX\0\x10', 'latin1'), noiseBytes(64)]));
    const tagged = Buffer.concat([jpeg.subarray(0, 2), iptc, comment, jfxx, jpeg.subarray(2), Buffer.from('<html>appended</html>')]);
    const stripped = stripMetadata(tagged, 'jpeg');
    for (const text of ['Photoshop', 'Paris', '48.8566', 'JFXX', '<html']) expect(stripped.includes(text), text).toBe(false);
    expect((await pixels(stripped)).equals(await pixels(jpeg))).toBe(true);
  });

  it('jpeg: progressive scans (several SOS with tables between) come through whole', async () => {
    const progressive = await sharp(await phonePhoto('jpeg', { width: 300, height: 200 }))
      .keepExif()
      .jpeg({ progressive: true })
      .toBuffer();
    const stripped = stripMetadata(progressive, 'jpeg');
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect((await pixels(stripped)).equals(await pixels(progressive))).toBe(true);
  });

  it('png: removes text, time and private chunks, keeps transparency and gamma', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const iend = png.length - 12;
    const tagged = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
      pngChunk('tEXt', Buffer.from('Comment\0Paris, 48.8566 N', 'latin1')),
      pngChunk('zTXt', Buffer.from('Author\0\0x', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xe8, 1, 2, 3, 4, 5])),
      pngChunk('prVt', Buffer.from('private data', 'latin1')),
      png.subarray(iend),
      Buffer.from('trailing'),
    ]);
    const stripped = stripMetadata(tagged, 'png');
    for (const text of ['tEXt', 'zTXt', 'tIME', 'prVt', 'Paris', 'trailing']) expect(stripped.includes(text), text).toBe(false);
    expect(stripped.includes('gAMA')).toBe(true);
    const meta = await sharp(stripped).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(meta.comments).toBeUndefined();
    expect((await pixels(stripped)).equals(await pixels(png))).toBe(true);
  });

  it('webp: clears the EXIF and XMP flags of VP8X along with their chunks', async () => {
    const photo = await phonePhoto('webp');
    const stripped = stripMetadata(photo, 'webp');
    const vp8x = stripped.indexOf('VP8X');
    expect(vp8x).toBeGreaterThan(0);
    expect(stripped[vp8x + 8]! & 0x0c).toBe(0);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect((await pixels(stripped)).equals(await pixels(photo))).toBe(true);
  });

  for (const format of FORMATS) {
    it(`${format}: every cut short of the end is malformed`, async () => {
      const photo = await phonePhoto(format);
      // Every prefix that ends before the image's last byte (a cut inside the trailing EOI/IEND included).
      for (let length = 0; length < photo.length - 1; length += Math.max(1, Math.floor(photo.length / 97))) {
        expect(() => stripMetadata(photo.subarray(0, length), format), `${length} bytes`).toThrow(MalformedPicture);
      }
    });

    it(`${format}: any corrupted bytes give a picture or a MalformedPicture, nothing else`, async () => {
      const photo = await phonePhoto(format);
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(photo.length - 1), fc.nat(255)), { minLength: 1, maxLength: 12 }), (edits) => {
          const corrupted = Buffer.from(photo);
          for (const [at, value] of edits) corrupted[at] = value;
          try {
            expect(stripMetadata(corrupted, format).length).toBeLessThanOrEqual(corrupted.length + 12);
          } catch (err) {
            expect(err).toBeInstanceOf(MalformedPicture);
          }
        }),
        { numRuns: 300, seed: 14 },
      );
    });
  }
});
