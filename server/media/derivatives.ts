import { loadSharp } from './sharp';

/** Width of gallery card images: cards are at most ~400 CSS px wide, so 2x fits high-DPI screens. */
export const CARD_WIDTH = 800;

export interface ImageInfo {
  width: number;
  height: number;
}

export async function imageInfo(data: Buffer | string): Promise<ImageInfo> {
  const sharp = await loadSharp();
  const meta = await sharp(data).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Card-sized WebP (never enlarged), rotated per EXIF and stripped of metadata. */
export async function cardDerivative(data: Buffer | string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(data).rotate().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}
