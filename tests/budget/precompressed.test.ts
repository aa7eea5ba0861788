import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRECOMPRESSED_EXTENSIONS } from '../../build/precompress';

/**
 * The build's compressed copies (build/precompress.ts): every JS, CSS, SVG… file of 1 kB or more
 * in dist/ has a .br and a .gz beside it that decode to it, so the server never compresses a
 * static file per request. Needs `vite build` first (vitest project budget).
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

function builtTextFiles(): string[] {
  return fs
    .readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((f) => f !== 'index.html' && PRECOMPRESSED_EXTENSIONS.includes(path.extname(f)))
    .map((f) => path.join(dist, f))
    .filter((f) => fs.statSync(f).size >= 1024);
}

describe('precompressed build output', () => {
  const files = builtTextFiles();

  it('covers the scripts and the style sheet', () => {
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
  });

  it('has a smaller .br and .gz of each file, decoding to it', () => {
    let raw = 0;
    let br = 0;
    for (const file of files) {
      const original = fs.readFileSync(file);
      const brotli = fs.readFileSync(`${file}.br`);
      const gzip = fs.readFileSync(`${file}.gz`);
      expect(brotli.byteLength, file).toBeLessThan(original.byteLength);
      expect(zlib.brotliDecompressSync(brotli).equals(original), file).toBe(true);
      expect(zlib.gunzipSync(gzip).equals(original), file).toBe(true);
      raw += original.byteLength;
      br += brotli.byteLength;
    }
    console.log(`[budget] ${files.length} files precompressed: ${raw} bytes raw, ${br} bytes brotli`);
  });
});
