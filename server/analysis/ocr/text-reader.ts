import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Page } from 'tesseract.js';

/**
 * The French model shipped on npm (@tesseract.js-data/fra). `4.0.0_best_int` (LSTM only, 0.7 MB)
 * reads the accuracy set exactly as the 6.3 MB `4.0.0` data does, and loads faster
 * (docs/benchmarks.md, "Lecture du texte des créatives").
 */
const MODEL = '4.0.0_best_int';
const MODEL_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/fra/package.json')), MODEL);

/**
 * A word read with less confidence is dropped: on photo-like backgrounds tesseract turns textures and
 * half-legible letters into made-up words, nearly all scored under 70, while the words of the text
 * score 90–96 on the accuracy set.
 */
export const MIN_WORD_CONFIDENCE = 75;

/** One tesseract.js worker (its own thread, the WebAssembly engine inside) with the French model. */
export interface TextReader {
  /** The lines read in an encoded picture (PNG), one per line, words under MIN_WORD_CONFIDENCE left out. */
  read(picture: Buffer): Promise<string>;
  terminate(): Promise<void>;
}

export async function createTextReader(): Promise<TextReader> {
  const worker = await createWorker('fra', OEM.LSTM_ONLY, {
    // Read from node_modules, never fetched, never cached elsewhere: no network, no writes.
    langPath: MODEL_DIR,
    gzip: true,
    cacheMethod: 'none',
  });
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.AUTO,
    // Our pictures carry no resolution; without one tesseract guesses and warns on stderr at each page.
    user_defined_dpi: '300',
  });
  return {
    async read(picture) {
      const { data } = await worker.recognize(picture, {}, { blocks: true, text: false });
      return confidentLines(data);
    },
    async terminate() {
      await worker.terminate();
    },
  };
}

function confidentLines(page: Page): string {
  const lines: string[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.filter((word) => word.confidence >= MIN_WORD_CONFIDENCE).map((word) => word.text);
        if (words.length > 0) lines.push(words.join(' '));
      }
    }
  }
  return lines.join('\n');
}
