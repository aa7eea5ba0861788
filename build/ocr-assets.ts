import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { OCR_ASSETS_DIR, OCR_FILES } from '../src/features/submit/media-reading/ocr-assets';

/**
 * Vite plugin: the browser OCR's files (src/features/submit/media-reading/ocr-assets.ts) in the
 * Firebase build's output and on its dev server, from node_modules — no CDN, no committed binaries.
 * Only in Firebase mode (VITE_BACKEND=firebase): the self-hosted server reads the media itself.
 *
 * The French model is written uncompressed: tesseract.js would fetch `fra.traineddata.gz`, and
 * firebase.json's hosting leaves every `*.gz` out of a deploy (they are the precompressed copies of
 * the self-hosted server); Hosting compresses what it sends.
 */
const WASM = 'application/wasm';

function contentOf(root: string, file: (typeof OCR_FILES)[number]): Buffer {
  const data = fs.readFileSync(path.join(root, 'node_modules', file.from));
  return file.gunzip ? zlib.gunzipSync(data) : data;
}

export function ocrAssets(): Plugin {
  let root = process.cwd();
  let enabled = false;
  return {
    name: 'creatheque:ocr-assets',
    configResolved(config) {
      root = config.root;
      enabled = config.env.VITE_BACKEND === 'firebase' && !config.build.ssr;
    },
    generateBundle() {
      if (!enabled) return;
      for (const file of OCR_FILES) {
        this.emitFile({ type: 'asset', fileName: `${OCR_ASSETS_DIR}/${file.name}`, source: contentOf(root, file) });
      }
    },
    configureServer(server) {
      if (!enabled) return;
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.replace(`/${OCR_ASSETS_DIR}/`, '');
        const file = OCR_FILES.find((f) => f.name === name && req.url?.startsWith(`/${OCR_ASSETS_DIR}/`));
        if (!file) return next();
        res.setHeader(
          'content-type',
          file.name.endsWith('.wasm') ? WASM : file.name.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
        );
        res.end(contentOf(root, file));
      });
    },
  };
}
