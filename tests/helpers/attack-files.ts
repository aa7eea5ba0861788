import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile and unusual files for the upload tests (tests/upload-attacks.test.ts,
 * tests/media-privacy.test.ts, tests/strip-metadata.test.ts): made here, small and deterministic.
 */

/** `length` bytes of deterministic noise (xorshift32 from `seed`): incompressible, the same on every run. */
export function noiseBytes(length: number, seed = 0x9e3779b9): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** A real JPEG with detail (noise), so that its compressed data is large enough to cut. */
export async function detailedJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Where a JPEG's compressed data starts (after its first SOS header): what comes before is the header. */
export function jpegHeaderLength(jpeg: Buffer): number {
  const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return sos + 2 + jpeg.readUInt16BE(sos + 2);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 1-bit greyscale PNG of `width` × `height` whose compressed pixel data is `idat`. */
function greyPng(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A decompression bomb: a complete, valid PNG of one colour — a few KB that decode to
 * `width` × `height` pixels (12000 × 12000: 17 KB on disk, 432 MB as RGB).
 */
export function bombPng(width: number, height: number): Buffer {
  const row = 1 + Math.ceil(width / 8); // filter byte + 1 bit a pixel
  return greyPng(width, height, zlib.deflateSync(Buffer.alloc(row * height), { level: 9 }));
}

/** A pixel flood: a PNG whose header claims `width` × `height` but whose data is a few bytes. */
export function floodPng(width: number, height: number): Buffer {
  return greyPng(width, height, zlib.deflateSync(Buffer.alloc(64)));
}

export interface Part {
  name: string;
  /** A file part: its name as it goes in `filename="…"` (raw bytes, nothing escaped). */
  filename?: string;
  /** A file part named with RFC 5987 `filename*=utf-8''…` (percent-encoded, so it may carry CR, LF, NUL). */
  filenameStar?: string;
  type?: string;
  body: Buffer | string;
}

/** A multipart/form-data body written by hand (FormData escapes what an attacker would not). */
export function multipart(parts: Part[], boundary = 'AttackBoundary7MA4YWxk'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let disposition = `form-data; name="${part.name}"`;
    if (part.filename !== undefined) disposition += `; filename="${part.filename}"`;
    if (part.filenameStar !== undefined) disposition += `; filename*=utf-8''${part.filenameStar}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'latin1'), Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** EXIF of a phone photo: maker, model and where it was taken (Paris). */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'Secret 12' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
};

/** XMP carrying a position too (some apps write it there). */
export const PHONE_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.4N" exif:GPSLongitude="2,21.0E"/>' +
  '</rdf:RDF></x:xmpmeta>';

/** A phone photo: a picture of `format` with GPS in EXIF and XMP (and an EXIF orientation when given). */
export async function phonePhoto(format: 'jpeg' | 'png' | 'webp', options: { orientation?: number; width?: number; height?: number } = {}) {
  let image = sharp({
    create: { width: options.width ?? 96, height: options.height ?? 64, channels: 3, background: '#2f855a' },
  })
    .withExif(PHONE_EXIF)
    .withXmp(PHONE_XMP);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}
