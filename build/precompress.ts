import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing (media and woff2 fonts are compressed already). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ttf', '.otf'];

/** Smaller files gain less than the bytes of a second request header. */
const MIN_BYTES = 1024;

/**
 * Vite plugin: once the bundle is written, every text file of the output gets a `.br` (brotli 11)
 * and a `.gz` (gzip 9) beside it, kept only when smaller. The server sends them by Accept-Encoding
 * (server/http/delivery/spa.ts), so no request pays for compression. index.html is left out: the server
 * fills it in and compresses it once at start-up.
 */
export function precompress(): Plugin {
  let outDir: string | null = 'dist';
  return {
    name: 'creatheque:precompress',
    apply: 'build',
    configResolved(config) {
      // The server-side renderer's build (dist-ssr/) is read by Node, never sent.
      outDir = config.build.ssr ? null : path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => (outDir ? precompressDir(outDir) : undefined),
  };
}

/** Writes the .br and .gz of every text file under `dir` (the plugin's work, callable by tests). */
export async function precompressDir(dir: string): Promise<void> {
  const files = await textFiles(dir);
  await Promise.all(files.map(writeCompressed));
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name !== 'index.html' && PRECOMPRESSED_EXTENSIONS.includes(path.extname(e.name)))
    .map((e) => path.join(e.parentPath, e.name));
}

async function writeCompressed(file: string): Promise<void> {
  const data = await fs.readFile(file);
  if (data.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  if (br.byteLength < data.byteLength) await fs.writeFile(`${file}.br`, br);
  if (gz.byteLength < data.byteLength) await fs.writeFile(`${file}.gz`, gz);
}
