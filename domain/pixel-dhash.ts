import { DHASH_COLUMNS, DHASH_ROWS, dHash, hasStructure } from './perceptual-hash';
import { dHashToHex } from './fingerprints';

/**
 * The server's dHash (server/media/fingerprint.ts: sharp upright, greyscale, squeezed to 9×8 with a
 * cubic kernel) computed from decoded pixels instead — a browser's canvas in Firebase mode, where no
 * server sees the file (docs/decisions/025-firebase-duplicate-warning.md). Pure code: the browser
 * decodes (src/lib/file-fingerprint.ts), the tests decode with sharp and compare with the server.
 *
 * libvips' steps, as sharp runs them for `.greyscale().resize(9, 8, { fit: 'fill', kernel: 'cubic' })`:
 * a JPEG is decoded at 1/2, 1/4 or 1/8 scale when the shrink allows it, a WebP straight at about the
 * target size; sRGB → B_W is the Rec. 709 luminance of the linear light, encoded back with the sRGB
 * curve; the resize is a box shrink by the integer part of the factor that leaves at least 2 (vips'
 * `gap`), then a Catmull-Rom reduce to 9×8; alpha is premultiplied around the resize; samples are
 * 8-bit between steps. On pictures decoded alike, the grids differ by a grey level at most.
 */

/** Decoded pixels, row after row, 4 bytes each (R, G, B, A not premultiplied: ImageData's layout). */
export interface RgbaPixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

const LINEAR = Array.from({ length: 256 }, (_, c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
const encode = (y: number) => 255 * (y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055);

/**
 * Samples being resized: grey premultiplied by alpha, and alpha, both 0–255. libvips keeps 8-bit
 * samples between its steps: each step rounds.
 */
interface Plane {
  grey: Float64Array;
  alpha: Float64Array;
  width: number;
  height: number;
}

const emptyPlane = (width: number, height: number): Plane => ({
  grey: new Float64Array(width * height),
  alpha: new Float64Array(width * height),
  width,
  height,
});
/** An 8-bit sample, as libvips stores each step's result (rounded, clipped). */
const byte = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
const rounded = (p: Plane): Plane => ({ ...p, grey: p.grey.map(byte), alpha: p.alpha.map(byte) });

/** Samples read one by one (the full-size picture is never copied): premultiplied grey and alpha of sample `i`. */
interface Samples {
  width: number;
  height: number;
  at(i: number): readonly [grey: number, alpha: number];
}

const samplesOf = (p: Plane): Samples => ({ width: p.width, height: p.height, at: (i) => [p.grey[i]!, p.alpha[i]!] });

/**
 * Box average by whole factors, the output rounded up: the picture is first extended by copies of its
 * last column and row (vips_shrink with `ceil`; a JPEG's partial blocks are padded alike).
 */
function boxShrink(p: Samples, fx: number, fy: number): Plane {
  const out = emptyPlane(Math.ceil(p.width / fx), Math.ceil(p.height / fy));
  for (let y = 0; y < out.height * fy; y++) {
    const row = Math.min(y, p.height - 1) * p.width;
    for (let x = 0; x < out.width * fx; x++) {
      const o = Math.floor(y / fy) * out.width + Math.floor(x / fx);
      const [grey, alpha] = p.at(row + Math.min(x, p.width - 1));
      out.grey[o]! += grey;
      out.alpha[o]! += alpha;
    }
  }
  return rounded({ ...out, grey: out.grey.map((g) => g / (fx * fy)), alpha: out.alpha.map((a) => a / (fx * fy)) });
}

/** libvips' VIPS_KERNEL_CUBIC (Catmull-Rom). */
function catmullRom(x: number): number {
  const t = Math.abs(x);
  if (t < 1) return 1.5 * t ** 3 - 2.5 * t ** 2 + 1;
  if (t < 2) return -0.5 * t ** 3 + 2.5 * t ** 2 - 4 * t + 2;
  return 0;
}

/**
 * For each of `to` samples: the source indexes (clamped at the edges) and normalised weights of a
 * cubic reduce by `scale` source samples per output sample.
 */
function cubicTaps(from: number, to: number, scale: number): { index: number[]; weight: number[] }[] {
  const stretch = Math.max(scale, 1);
  return Array.from({ length: to }, (_, i) => {
    const centre = (i + 0.5) * scale - 0.5;
    const index: number[] = [];
    const weight: number[] = [];
    for (let j = Math.ceil(centre - 2 * stretch); j <= Math.floor(centre + 2 * stretch); j++) {
      const w = catmullRom((j - centre) / stretch);
      if (w === 0) continue;
      index.push(Math.min(from - 1, Math.max(0, j)));
      weight.push(w);
    }
    const sum = weight.reduce((a, b) => a + b, 0);
    return { index, weight: weight.map((w) => w / sum) };
  });
}

/** Cubic reduce along one axis to `size` samples, `scale` source samples each (vips_reducev, vips_reduceh). */
function reduceAxis(p: Plane, size: number, scale: number, across: boolean): Plane {
  const out = across ? emptyPlane(size, p.height) : emptyPlane(p.width, size);
  const taps = cubicTaps(across ? p.width : p.height, size, scale);
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const { index, weight } = taps[across ? x : y]!;
      index.forEach((j, k) => {
        const from = across ? y * p.width + j : j * p.width + x;
        out.grey[y * out.width + x]! += weight[k]! * p.grey[from]!;
        out.alpha[y * out.width + x]! += weight[k]! * p.alpha[from]!;
      });
    }
  }
  return rounded(out);
}

/** libvips' B_W sample of 8-bit R, G, B and A, premultiplied as sharp does around the resize (8-bit after each step). */
function greySample(r: number, g: number, b: number, a: number): readonly [number, number] {
  const grey = Math.round(encode(0.2126 * LINEAR[r]! + 0.7152 * LINEAR[g]! + 0.0722 * LINEAR[b]!));
  return [Math.round((grey * a) / 255), a];
}

/** Source indexes and weights of a box average of the first `span` samples into `to` (fractional edges weighted). */
function areaTaps(span: number, to: number): { index: number[]; weight: number[] }[] {
  const scale = span / to;
  return Array.from({ length: to }, (_, i) => {
    const [start, end] = [i * scale, (i + 1) * scale];
    const index: number[] = [];
    const weight: number[] = [];
    for (let j = Math.floor(start); j < Math.ceil(end); j++) {
      index.push(j);
      weight.push((Math.min(end, j + 1) - Math.max(start, j)) / scale);
    }
    return { index, weight };
  });
}

/** RGBA averaged into `width` × `height` over the first `span` columns and rows, then turned grey. */
function averagedGrey({ data, width: w }: RgbaPixels, width: number, height: number, span: [number, number]): Samples {
  const across = areaTaps(span[0], width);
  const down = areaTaps(span[1], height);
  const rows = new Float64Array(width * span[1] * 4);
  for (let y = 0; y < span[1]; y++) {
    across.forEach(({ index, weight }, x) => {
      index.forEach((j, k) => {
        for (let c = 0; c < 4; c++) rows[(y * width + x) * 4 + c]! += weight[k]! * data[(y * w + j) * 4 + c]!;
      });
    });
  }
  const out = emptyPlane(width, height);
  down.forEach(({ index, weight }, y) => {
    for (let x = 0; x < width; x++) {
      const mean = (c: number) => Math.round(index.reduce((sum, j, k) => sum + weight[k]! * rows[(j * width + x) * 4 + c]!, 0));
      [out.grey[y * width + x], out.alpha[y * width + x]] = greySample(mean(0), mean(1), mean(2), mean(3));
    }
  });
  return samplesOf(out);
}

/**
 * The grey samples sharp resizes: a JPEG decoded at 1/2, 1/4 or 1/8 scale when the shrink allows it
 * (libjpeg's block means; libvips keeps whole blocks only), a WebP decoded straight at the smaller
 * scale (libwebp's area average), any other picture as it is.
 */
function greySamples(pixels: RgbaPixels, type: string): Samples {
  const { data, width, height } = pixels;
  const shrink = Math.min(width / DHASH_COLUMNS, height / DHASH_ROWS);
  if (type === 'image/jpeg') {
    // sharp's pipeline.cc, fastShrinkOnLoad: the largest factor the shrink allows, halved when it is that factor exactly.
    let f = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
    if (f > 1 && Math.floor(shrink) === f) f /= 2;
    const [w, h] = [Math.floor(width / f), Math.floor(height / f)];
    if (f > 1) return averagedGrey(pixels, w, h, [w * f, h * f]);
  }
  if (type === 'image/webp' && shrink > 1) {
    return averagedGrey(pixels, Math.round(width / shrink), Math.round(height / shrink), [width, height]);
  }
  return { width, height, at: (i) => greySample(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!, data[i * 4 + 3]!) };
}

/**
 * The 9×8 greyscale grid sharp would make of these pixels, decoded from a file of this MIME `type`
 * (a video's poster is a JPEG).
 */
export function greyGrid(pixels: RgbaPixels, type: string): Uint8Array {
  const samples = greySamples(pixels, type);
  const fx = Math.max(1, Math.floor(samples.width / DHASH_COLUMNS / 2));
  const fy = Math.max(1, Math.floor(samples.height / DHASH_ROWS / 2));
  // vips_resize: vips_reducev (its box shrink by fy, then the cubic reduce), then vips_reduceh alike; the
  // reduce goes on from the exact scale left, not from the rounded-up size of the shrink.
  const down = reduceAxis(boxShrink(samples, 1, fy), DHASH_ROWS, samples.height / fy / DHASH_ROWS, false);
  const grid = reduceAxis(boxShrink(samplesOf(down), fx, 1), DHASH_COLUMNS, samples.width / fx / DHASH_COLUMNS, true);
  return Uint8Array.from(grid.grey, (g, i) => {
    const a = grid.alpha[i]!;
    return a > 0 ? Math.min(255, Math.max(0, Math.round((g * 255) / a))) : 0;
  });
}

/** The dHash of decoded pixels as 16 hex digits, or null for a flat picture (perceptual-hash.ts hasStructure). */
export function pictureDHash(pixels: RgbaPixels, type: string): string | null {
  const grid = greyGrid(pixels, type);
  return hasStructure(grid) ? dHashToHex(dHash(grid)) : null;
}
