import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips), loaded on first use: it adds ~30 MB to the resident memory of a server that may
 * never receive an upload, and the embedded default has a memory budget (docs/benchmarks.md).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
