import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Budget on the initial JavaScript of the built app (bytes, not time): the entry module and its
 * modulepreloads, gzip -9, CSS not counted. Needs `vite build` first (vitest project budget).
 * The measuring code is the benchmark's (bench/bundle-size.mjs), loaded by URL so that this
 * typed file does not need declarations for the plain-JS script.
 */
interface Chunk {
  file: string;
  kind: 'entry' | 'modulepreload';
  raw: number;
  gzip: number;
  forbidden: string[];
}
interface BundleReport {
  budget: number;
  totalGzip: number;
  totalRaw: number;
  chunks: Chunk[];
  forbidden: { file: string; needle: string }[];
  lazy: { file: string; gzip: number }[];
}
interface BenchModule {
  measureInitialBundle(distDir?: string): BundleReport;
  INITIAL_JS_BUDGET_BYTES: number;
  FORBIDDEN_IN_INITIAL: string[];
  kB(bytes: number): string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const benchUrl = new URL('../../bench/bundle-size.mjs', import.meta.url).href;
const bench = (await import(/* @vite-ignore */ benchUrl)) as BenchModule;

describe('initial JS bundle budget', () => {
  const report = bench.measureInitialBundle(path.join(root, 'dist'));

  it('has an entry module', () => {
    expect(report.chunks.filter((c) => c.kind === 'entry').length).toBeGreaterThanOrEqual(1);
  });

  it(`stays within ${130} kB gzip`, () => {
    console.log(
      `[budget] initial JS: ${report.totalGzip} bytes gzip (${bench.kB(report.totalGzip)}) in ${report.chunks.length} chunk(s): ` +
        report.chunks.map((c) => `${c.file} ${c.gzip} B`).join(', ') +
        ` — budget ${report.budget} bytes (${bench.kB(report.budget)})`,
    );
    expect(bench.INITIAL_JS_BUDGET_BYTES).toBe(130 * 1024);
    expect(report.totalGzip).toBeLessThanOrEqual(130 * 1024);
  });

  it('keeps charts (recharts) and the Firebase SDK out of the initial chunks', () => {
    expect(bench.FORBIDDEN_IN_INITIAL).toEqual(expect.arrayContaining(['recharts', 'firebase/']));
    expect(report.forbidden).toEqual([]);
  });
});
