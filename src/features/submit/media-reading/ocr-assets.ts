/**
 * Where the browser OCR's files are served from (Firebase mode, docs/firebase.md): tesseract.js's
 * worker, the tesseract.js-core WebAssembly build (with and without SIMD) and the French model, copied
 * out of node_modules into the build by build/ocr-assets.ts — never fetched from a CDN. The folder's
 * name holds the versions, so a new version is a new address and `/assets/**` may be cached for a year.
 */
export const OCR_VERSIONS = { tesseract: '7.0.0', fra: '4.0.0_best_int' } as const;

/** The folder, from the site's root (no leading slash: the build's output path too). */
export const OCR_ASSETS_DIR = `assets/ocr/tesseract-${OCR_VERSIONS.tesseract}-fra-${OCR_VERSIONS.fra}`;

/** The core builds served: the LSTM engine only (tesseract.js's default), with SIMD and without. */
export const OCR_CORES = { simd: 'tesseract-core-simd-lstm', plain: 'tesseract-core-lstm' } as const;

/** Each served file and where it comes from in node_modules (the model uncompressed: see build/ocr-assets.ts). */
export const OCR_FILES: readonly { name: string; from: string; gunzip?: true }[] = [
  { name: 'worker.min.js', from: 'tesseract.js/dist/worker.min.js' },
  ...Object.values(OCR_CORES).flatMap((core) => [
    { name: `${core}.js`, from: `tesseract.js-core/${core}.js` },
    { name: `${core}.wasm`, from: `tesseract.js-core/${core}.wasm` },
  ]),
  { name: 'fra.traineddata', from: `@tesseract.js-data/fra/${OCR_VERSIONS.fra}/fra.traineddata.gz`, gunzip: true },
];
