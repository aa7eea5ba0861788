import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { mergeReadText } from '@domain/media-text';
import type { AnalyseTask, MediaAnalyser } from '../media-analyser';
import type { ThreadResult } from './ocr-worker';

export interface OcrAnalyserOptions {
  /**
   * Threads reading at once (MEDIA_ANALYSIS_WORKERS). Each adds ~80 MB of RSS with its engine loaded,
   * up to ~200 MB while it reads a video (`npm run bench:ocr`, docs/benchmarks.md).
   */
  workers?: number;
  /** An idle thread ends after this long, and its memory goes back to the system. */
  idleTimeoutMs?: number;
}

export const THREAD_IDLE_MS = 30_000;
/** The JavaScript heap of a thread; the engine's WebAssembly memory is bounded by RECYCLE_AFTER_PAGES. */
const THREAD_HEAP_MB = 256;

/**
 * The MediaAnalyser of the self-hosted server: a piscina pool of worker threads (ocr-worker.ts), none
 * until there is something to read, each reading one creative at a time with tesseract.js and the
 * French model. The merged text follows domain/media-text.ts.
 */
export function createOcrAnalyser({ workers = 1, idleTimeoutMs = THREAD_IDLE_MS }: OcrAnalyserOptions = {}): MediaAnalyser {
  const pool = new Piscina<AnalyseTask, ThreadResult>({
    ...threadEntry(),
    minThreads: 0,
    maxThreads: workers,
    idleTimeout: idleTimeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  let inFlight = 0;
  let completed = 0;
  return {
    workers,
    async analyse(task) {
      inFlight++;
      try {
        const { texts, durationMs } = await pool.run(task);
        completed++;
        return { text: mergeReadText(texts), durationMs, frames: texts.length };
      } finally {
        inFlight--;
      }
    },
    stats() {
      const queued = pool.queueSize;
      return { running: inFlight - queued, queued, completed };
    },
    close: () => pool.destroy(),
  };
}

// Names in variables, not literals: Vite would otherwise treat `new URL('./x', import.meta.url)` as an asset.
const WORKER_BUILT = './ocr-worker.js';
const WORKER_SOURCE = './ocr-worker.ts';

/**
 * The thread's module beside this one: `ocr-worker.js` in the server build (its own entry in
 * vite.server.config.ts, at the root of dist-server/ like every chunk), `ocr-worker.ts` when the
 * server runs from its sources (vitest, tsx), then loaded through tsx's loader.
 */
function threadEntry(): { filename: string; execArgv?: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { filename: new URL(WORKER_BUILT, here).href };
  const tsxLoader = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { filename: new URL(WORKER_SOURCE, here).href, execArgv: ['--import', tsxLoader] };
}
