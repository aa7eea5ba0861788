import type sharpModule from 'sharp';
import { IMAGE_MAX_PIXELS } from '@domain/limits';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips), loaded on first use: it adds ~30 MB to the resident memory of a server that may
 * never receive an upload, and the embedded default has a memory budget (docs/benchmarks.md).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}

/**
 * A picture opened for decoding. Uploads are checked from their header before this
 * (server/media/picture-checks.ts); the pixel limit here is the backstop for every other path
 * (a poster, the backfill), so that no input makes libvips allocate a bitmap above it.
 */
export async function openImage(data: Buffer | string) {
  const sharp = await loadSharp();
  return sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS });
}
