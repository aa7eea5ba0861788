import type { MediaReading } from '@/gateway/types';
import { OCR_ASSETS_DIR, OCR_CORES } from './ocr-assets';
import { frameTimes, readingOf, settleBy } from './reading-plan';

/**
 * Reads a picked file in the browser (Firebase mode: no server reads the media; docs/firebase.md): its
 * size and a video's duration from the browser's own decoding, and its text with tesseract.js — the
 * image itself, or a few frames of a video grabbed with a <video> and a <canvas>, merged line by line.
 * Loaded only when a file is picked on the submit page (use-media-reading.ts); tesseract.js, its worker,
 * its WebAssembly core and the French model only then, from this site (ocr-assets.ts).
 */

/** Largest side an image is read at: a bigger one is scaled down (text stays legible, OCR stays fast). */
const MAX_SIDE = 2000;
/** How long the browser may take to open a video or seek to a frame before the video is given up (ms). */
const VIDEO_STEP_MS = 5000;

/** A minimal module using a SIMD instruction: valid where WebAssembly SIMD runs (wasm-feature-detect's probe). */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** The site is served from its root (vite.config.ts sets no other base). */
const ASSETS = `/${OCR_ASSETS_DIR}`;
const assetUrl = (name: string) => `${ASSETS}/${name}`;

function coreFile(): string {
  const simd = typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  return `${simd ? OCR_CORES.simd : OCR_CORES.plain}.js`;
}

type OcrWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

async function startOcr(): Promise<OcrWorker> {
  // The package's own ES module build: see tesseract-esm.d.ts.
  const { createWorker, OEM } = (await import('tesseract.js/dist/tesseract.esm.min.js')).default;
  return createWorker('fra', OEM.LSTM_ONLY, {
    workerPath: assetUrl('worker.min.js'),
    corePath: assetUrl(coreFile()),
    langPath: ASSETS,
    gzip: false,
    // A worker from the site's own URL (the CSP allows no blob: worker); the HTTP cache keeps the model.
    workerBlobURL: false,
    cacheMethod: 'none',
  });
}

/** An image as a canvas no larger than MAX_SIDE, and its intrinsic size. */
async function imageCanvas(file: Blob): Promise<{ canvas: HTMLCanvasElement; width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return { canvas, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** Waits for a media element's event, or fails after VIDEO_STEP_MS or on an error. */
function once(video: HTMLVideoElement, event: 'loadedmetadata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`video ${event} timed out`)), VIDEO_STEP_MS);
    const onEvent = () => finish();
    const onError = () => finish(new Error(`video could not be decoded (${event})`));
    function finish(error?: Error) {
      clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    }
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

/** A video element on the file, its metadata read (size, duration); `close` frees it. */
async function openVideo(file: Blob): Promise<{ video: HTMLVideoElement; close: () => void }> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  const close = () => {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  };
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  try {
    await once(video, 'loadedmetadata');
    return { video, close };
  } catch (err) {
    close();
    throw err;
  }
}

/** The video's picture at `seconds`, on a canvas no larger than MAX_SIDE. */
async function frameAt(video: HTMLVideoElement, seconds: number): Promise<HTMLCanvasElement> {
  const seeked = once(video, 'seeked');
  video.currentTime = seconds;
  await seeked;
  const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export interface ReadOptions {
  /** Date.now() time after which the text is given up (the size and duration are kept). */
  deadline: number;
  signal?: AbortSignal;
  /** Images read so far out of those to read (1 for an image, a video's frames). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * What the file shows: its size, a video's duration and the text read (empty when nothing could be
 * read in time: OCR never holds the submission up). Rejects only when the file cannot be decoded at all.
 */
export async function readMedia(file: File, { deadline, signal, onProgress }: ReadOptions): Promise<MediaReading> {
  const isVideo = file.type.startsWith('video/');
  const ocr = startOcr();
  const stop = () => void ocr.then((w) => w.terminate()).catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    if (!isVideo) {
      const { canvas, width, height } = await imageCanvas(file);
      const text = settleBy(
        ocr.then((w) => w.recognize(canvas)).then((r) => [r.data.text]),
        deadline,
        [] as string[],
      );
      const texts = await text;
      onProgress?.(1, 1);
      return readingOf({ width, height }, null, texts);
    }
    const { video, close } = await openVideo(file);
    try {
      const size = { width: video.videoWidth || null, height: video.videoHeight || null };
      const durationMs = Number.isFinite(video.duration) ? Math.round(video.duration * 1000) : null;
      const times = frameTimes(video.duration);
      const texts: string[] = [];
      const readFrames = async () => {
        const worker = await ocr;
        for (const [i, time] of times.entries()) {
          if (signal?.aborted) break;
          const { data } = await worker.recognize(await frameAt(video, time));
          texts.push(data.text);
          onProgress?.(i + 1, times.length);
        }
        return texts;
      };
      // Past the deadline, the frames read so far are kept.
      await settleBy(readFrames(), deadline, texts);
      return readingOf(size, durationMs, [...texts]);
    } finally {
      close();
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    stop();
  }
}
