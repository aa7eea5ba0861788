/**
 * Lossless removal of the metadata of a JPEG, PNG or WebP file: the container is walked segment by
 * segment and only what the picture needs to be drawn is kept, so the pixels are the very same
 * bytes (no re-encoding, no quality loss). Removed: EXIF (camera, date, GPS position, a thumbnail
 * that may show an uncropped original), XMP, IPTC / Photoshop records, comments, text chunks, and
 * anything after the end of the image (appended files, a polyglot's HTML, MPF secondary pictures).
 * Kept: what changes how it looks — ICC colour profile, Adobe colour transform, gamma, transparency.
 *
 * It does not rotate: the caller re-encodes an EXIF-rotated picture instead (removing its
 * orientation tag would show it sideways). A broken structure throws MalformedPicture.
 */
export type StrippableFormat = 'jpeg' | 'png' | 'webp';

export class MalformedPicture extends Error {
  constructor(detail: string) {
    super(`malformed picture: ${detail}`);
    this.name = 'MalformedPicture';
  }
}

export function stripMetadata(data: Buffer, format: StrippableFormat): Buffer {
  switch (format) {
    case 'jpeg':
      return stripJpeg(data);
    case 'png':
      return stripPng(data);
    case 'webp':
      return stripWebp(data);
  }
}

export function isStrippable(format: string): format is StrippableFormat {
  return format === 'jpeg' || format === 'png' || format === 'webp';
}

/* ── JPEG: markers FFxx; APPn segments carry the metadata ──────────────────────────────────── */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;

const startsWith = (payload: Buffer, signature: string) => payload.subarray(0, signature.length).toString('latin1') === signature;

/** APPn segments kept: JFIF header, ICC profile (colours), Adobe (colour transform of CMYK/YCCK). Every other APPn and COM goes. */
function keepJpegSegment(marker: number, payload: Buffer): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > APP15) return true;
  if (marker === APP0) return startsWith(payload, 'JFIF\0');
  if (marker === APP2) return startsWith(payload, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(payload, 'Adobe');
  return false;
}

/** Standalone markers (no length): TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function stripJpeg(data: Buffer): Buffer {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) throw new MalformedPicture('no JPEG start');
  const kept: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at >= data.length || data[at] !== 0xff) throw new MalformedPicture('JPEG marker expected');
    const start = at;
    while (data[at] === 0xff) at += 1; // fill bytes
    if (at >= data.length) throw new MalformedPicture('JPEG ends inside a marker');
    const marker = data[at]!;
    at += 1;
    if (marker === EOI) {
      kept.push(data.subarray(start, at)); // anything after the end of the image is dropped
      return Buffer.concat(kept);
    }
    if (isStandalone(marker)) {
      kept.push(data.subarray(start, at));
      continue;
    }
    if (at + 2 > data.length) throw new MalformedPicture('JPEG segment without length');
    const length = data.readUInt16BE(at);
    const end = at + length;
    if (length < 2 || end > data.length) throw new MalformedPicture('JPEG segment past the end');
    if (keepJpegSegment(marker, data.subarray(at + 2, end))) kept.push(data.subarray(start, end));
    at = end;
    if (marker === SOS) {
      const scanEnd = entropyCodedEnd(data, at);
      kept.push(data.subarray(at, scanEnd));
      at = scanEnd;
    }
  }
}

/** Where the compressed data after a SOS header ends: at the first marker that is not a stuffed 0xFF00 or a restart. */
function entropyCodedEnd(data: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = data.indexOf(0xff, at);
    if (at < 0 || at + 1 >= data.length) throw new MalformedPicture('JPEG scan not terminated');
    const next = data[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/* ── PNG: length, type, data, CRC chunks; metadata lives in ancillary chunks ───────────────── */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Ancillary chunks that change how the picture is drawn (colour, transparency, animation). Critical
 * chunks (upper-case first letter: IHDR, PLTE, IDAT, IEND) are always kept; every other ancillary
 * chunk — eXIf, tEXt, iTXt (XMP), zTXt, tIME, private ones — is dropped.
 */
const PNG_KEPT = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'cICP',
  'mDCv',
  'cLLi',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(data: Buffer): Buffer {
  if (data.length < PNG_SIGNATURE.length || !data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new MalformedPicture('no PNG signature');
  }
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > data.length) throw new MalformedPicture('PNG ends without IEND');
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > data.length) throw new MalformedPicture(`PNG chunk ${type} past the end`);
    const critical = (type.charCodeAt(0) & 0x20) === 0;
    if (critical || PNG_KEPT.has(type)) kept.push(data.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
}

/* ── WebP: RIFF chunks; EXIF and XMP chunks, flagged in VP8X ──────────────────────────────── */

const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X flag bits of the EXIF and XMP chunks (WebP container spec). */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(data: Buffer): Buffer {
  if (data.length < 20 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') {
    throw new MalformedPicture('no WebP header');
  }
  const riffEnd = 8 + data.readUInt32LE(4);
  if (riffEnd > data.length) throw new MalformedPicture('WebP shorter than its header says');
  const kept: Buffer[] = [];
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new MalformedPicture('WebP chunk header past the end');
    const fourcc = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    // Chunks are padded to an even size; the last one's pad byte is sometimes missing.
    const end = Math.min(at + 8 + size + (size & 1), riffEnd);
    if (at + 8 + size > riffEnd) throw new MalformedPicture(`WebP chunk ${fourcc} past the end`);
    if (WEBP_KEPT.has(fourcc)) {
      const chunk = Buffer.from(data.subarray(at, end));
      if (fourcc === 'VP8X' && chunk.length > 8) chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
