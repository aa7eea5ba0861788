import type { ImageSources } from '@domain/types';
import { openImage } from './sharp';

/** Width of gallery card images: cards are at most ~400 CSS px wide, so 2x fits high-DPI screens. */
export const CARD_WIDTH = 800;

/**
 * Widths of the responsive variants (issue 13): a phone card (1x/2x/3x of ~330 px), a desktop card,
 * the highlight and the detail page. Never wider than the original.
 */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export interface ImageInfo {
  width: number;
  height: number;
}

export async function imageInfo(data: Buffer | string): Promise<ImageInfo> {
  const meta = await (await openImage(data)).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Card-sized WebP (never enlarged), rotated per EXIF and stripped of metadata. */
export async function cardDerivative(data: Buffer | string): Promise<Buffer> {
  return (await openImage(data)).rotate().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}

/** The widths made for an original `width` px wide: each listed one below it, and at least the smallest. */
export function variantWidthsFor(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w <= width);
  return below.length ? below : [VARIANT_WIDTHS[0]];
}

/**
 * Width of the link-preview image (Open Graph / Twitter cards): 1200 px is what Facebook, LinkedIn
 * and X ask for a large card. JPEG, because every link-preview crawler reads it (not all read WebP).
 */
export const OPEN_GRAPH_WIDTH = 1200;
const OPEN_GRAPH_QUALITY = 82;

export interface OpenGraphDerivative extends ImageInfo {
  data: Buffer;
}

/**
 * The link-preview JPEG of a picture (an image, or a video's poster): OPEN_GRAPH_WIDTH wide, or the
 * picture's own width when narrower (never enlarged); rotated per EXIF, metadata stripped (sharp
 * writes none unless asked), progressive, transparency flattened onto white (JPEG has no alpha:
 * transparent pixels would otherwise show as whatever colour they hide, often black).
 */
export async function openGraphDerivative(data: Buffer | string): Promise<OpenGraphDerivative> {
  const image = await openImage(data);
  const { data: jpeg, info } = await image
    .rotate()
    .resize({ width: OPEN_GRAPH_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: OPEN_GRAPH_QUALITY, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { data: jpeg, width: info.width, height: info.height };
}

/**
 * The size openGraphDerivative gives a picture `width` × `height` px (upright): the same arithmetic
 * as sharp's (height rounded to the nearest pixel), so it can be told without opening the file.
 */
export function openGraphSize(width: number, height: number): ImageInfo {
  const w = Math.min(OPEN_GRAPH_WIDTH, width);
  return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
}

/** `creatives/123-abc.png` → `creatives/123-abc`: derivatives are named from it. */
export const baseOf = (name: string) => name.replace(/\.[^./]+$/, '');

/** File name of the card derivative, beside the original. */
export const cardFileName = (base: string) => `${base}-card.webp`;

/** File name of a video's poster frame, beside the original. */
export const posterFileName = (base: string) => `${base}-poster.jpg`;

/** File name of the link-preview JPEG (openGraphDerivative), beside the original. */
export const openGraphFileName = (base: string) => `${base}-og.jpg`;

/**
 * Any stored file name → the base of its media, and the original's extension when it is the
 * original itself (null for a derivative). Originals are named `creatives/<ms>-<hex>.<ext>`
 * (randomMediaName): one hyphen, so `…-640.webp` can only be a variant. Derivatives: `-card.webp`,
 * `-poster.jpg`, `-og.jpg` (link preview) and `-<width>.avif|webp`. Null for other names.
 */
export function parseStoredName(name: string): { base: string; ext: string | null } | null {
  const m = /^(creatives\/\d+-[0-9a-f]+)(?:\.([a-z0-9]+)|-card\.webp|-poster\.jpg|-og\.jpg|-\d+\.(?:avif|webp))$/.exec(name);
  return m ? { base: m[1]!, ext: m[2] ?? null } : null;
}

/** File name of one variant, beside the original (`creatives/123-abc.png` → `creatives/123-abc-640.avif`). */
export function variantName(base: string, width: number, format: VariantFormat): string {
  return `${base}-${width}.${format}`;
}

export interface Variant {
  name: string;
  data: Buffer;
}

export interface ImageVariants {
  widths: number[];
  files: Variant[];
  /** Average colour as #rrggbb: the box's background until the picture arrives. */
  placeholderColor: string;
}

/**
 * The responsive variants of a picture (an image, or a video's poster): AVIF and WebP at each of
 * variantWidthsFor(width), rotated per EXIF, metadata stripped, never enlarged; and its colour.
 */
export async function imageVariants(data: Buffer | string, base: string): Promise<ImageVariants> {
  const source = (await openImage(data)).rotate();
  const [meta, stats] = await Promise.all([source.clone().metadata(), source.clone().stats()]);
  const widths = variantWidthsFor(meta.width ?? VARIANT_WIDTHS[0]);
  const files: Variant[] = [];
  for (const width of widths) {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const [avif, webp] = await Promise.all([
      resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
      resized.clone().webp({ quality: 75 }).toBuffer(),
    ]);
    files.push({ name: variantName(base, width, 'avif'), data: avif }, { name: variantName(base, width, 'webp'), data: webp });
  }
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
  const [r, g, b] = stats.channels.map((c) => c.mean);
  return { widths, files, placeholderColor: `#${hex(r ?? 241)}${hex(g ?? 245)}${hex(b ?? 249)}` };
}

/** The `srcset`s of the variants of the media stored as `name`, served under `urlPrefix`; null when it has none. */
export function imageSources(name: string | null, widths: number[] | null, urlPrefix: string): ImageSources | null {
  if (!name || !widths?.length) return null;
  const base = baseOf(name);
  const srcset = (format: VariantFormat) => widths.map((w) => `${urlPrefix}${variantName(base, w, format)} ${w}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}
