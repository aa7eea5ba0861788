import { loadSharp, openImage } from '../../media/sharp';

/** Luminance (0–255) of the light and the dark letters kept by the masks. */
export const LIGHT_MIN = 200;
export const DARK_MAX = 60;
const MASK_SHARE_MIN = 0.002;
const MASK_SHARE_MAX = 0.3;
/** Larger pictures are scaled down first: text stays legible and the engine's memory bounded. */
export const READ_MAX_SIDE = 2048;

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The pictures tesseract reads for one image or keyframe, as PNGs: the picture itself, then, where
 * they may hold text, a black-on-white page of its light pixels and one of its dark pixels.
 *
 * Tesseract binarises a page with one global threshold: on a gradient it does well, but light text
 * with a shadow over a photo is lost among the shapes (the picture alone: 24 % of the words on the
 * accuracy set's photo backgrounds, 100 % with the two masks — docs/benchmarks.md). Ads write over
 * pictures in light letters (white, yellow) or dark ones for legibility; the masks keep just those. A
 * mask is skipped when too little of the picture is that light or dark to hold a word, or so much
 * that it is the background (the first pass already reads text on a plain background).
 */
export async function picturePasses(input: Buffer | string): Promise<Buffer[]> {
  const image = await openImage(input);
  const { data, info } = await image
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: READ_MAX_SIDE, height: READ_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: Pixels = { data, width: info.width, height: info.height };
  const pages = [await encodePng(pixels, 3)];
  for (const keep of [isLight, isDark]) {
    const mask = maskOf(pixels, keep);
    if (mask.share >= MASK_SHARE_MIN && mask.share <= MASK_SHARE_MAX) pages.push(await encodePng(mask.pixels, 1));
  }
  return pages;
}

const isLight = (r: number, g: number, b: number) => luminance(r, g, b) >= LIGHT_MIN;
const isDark = (r: number, g: number, b: number) => luminance(r, g, b) <= DARK_MAX;

/** ITU-R BT.601 luma: how light a pixel looks, whatever its colour. */
function luminance(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Black where `keep` holds, white elsewhere, and the share of the picture kept. */
function maskOf({ data, width, height }: Pixels, keep: (r: number, g: number, b: number) => boolean) {
  const mask = Buffer.alloc(width * height, 255);
  let kept = 0;
  for (let i = 0, j = 0; j < mask.length; i += 3, j++) {
    if (keep(data[i]!, data[i + 1]!, data[i + 2]!)) {
      mask[j] = 0;
      kept++;
    }
  }
  return { pixels: { data: mask, width, height }, share: kept / mask.length };
}

/** A PNG quick to write and to decode: the engine reads encoded pictures only. */
async function encodePng({ data, width, height }: Pixels, channels: 1 | 3): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(data, { raw: { width, height, channels } }).png({ compressionLevel: 1 }).toBuffer();
}
