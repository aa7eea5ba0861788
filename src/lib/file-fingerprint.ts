import { IMAGE_MAX_PIXELS } from '@domain/limits';
import { acceptedMedia } from '@domain/media-rules';
import { indexedFingerprint, type IndexedFingerprint } from '@domain/fingerprints';
import { pictureDHash, type RgbaPixels } from '@domain/pixel-dhash';

/**
 * A chosen file's fingerprint computed in the browser, for Firebase mode's duplicate warning
 * (docs/decisions/025-firebase-duplicate-warning.md): the SHA-256 of its bytes (WebCrypto) and the
 * dHash of its picture as the server computes it (domain/pixel-dhash.ts) — an image decoded
 * upright by createImageBitmap, or a video's frame at the time of the server's ffmpeg poster, drawn
 * on a canvas and read back. Loaded on demand by the Firebase adapter (the submit page), never part
 * of the gallery's bundle.
 */

/** The server's poster frame (server/media/video.ts): ffmpeg `-ss 1`, the first frame of a shorter clip. */
export const POSTER_SECONDS = 1;
/** A video the browser cannot play within this time gets no dHash (its bytes still count). */
const VIDEO_TIMEOUT_MS = 15_000;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** A 2D canvas of that size, off-screen where the browser can. */
function canvas2d(width: number, height: number): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d', { willReadFrequently: true });
}

/** The pixels of what `source` shows, at its own size; null beyond the server's pixel limit or without a 2D canvas. */
function pixelsOf(source: CanvasImageSource, width: number, height: number): RgbaPixels | null {
  if (!width || !height || width * height > IMAGE_MAX_PIXELS) return null;
  const context = canvas2d(width, height);
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  return { data: context.getImageData(0, 0, width, height).data, width, height };
}

/** An image's pixels, upright (EXIF orientation applied, as sharp's `rotate()`), in sRGB. */
async function imagePixels(file: Blob): Promise<RgbaPixels | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file, {
    imageOrientation: 'from-image',
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'default',
  });
  try {
    return pixelsOf(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The pixels of a video's poster frame: a muted <video> seeked to POSTER_SECONDS (0 for a shorter clip). */
function videoFramePixels(file: Blob): Promise<RgbaPixels | null> {
  if (typeof document === 'undefined') return Promise.resolve(null);
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  return new Promise<RgbaPixels | null>((resolve) => {
    const finish = (read: () => RgbaPixels | null) => {
      clearTimeout(timer);
      let pixels: RgbaPixels | null = null;
      try {
        pixels = read();
      } catch {
        pixels = null;
      }
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(pixels);
    };
    const timer = setTimeout(() => finish(() => null), VIDEO_TIMEOUT_MS);
    video.addEventListener('error', () => finish(() => null), { once: true });
    video.addEventListener(
      'loadeddata',
      () => {
        video.addEventListener('seeked', () => finish(() => pixelsOf(video, video.videoWidth, video.videoHeight)), { once: true });
        video.currentTime = video.duration > POSTER_SECONDS ? POSTER_SECONDS : 0;
      },
      { once: true },
    );
    video.src = url;
  });
}

/**
 * The file's SHA-256 and dHash with its index keys; the dHash is null when the picture cannot be read
 * here (a codec the browser lacks) or is flat. Null without WebCrypto (a page not served over HTTPS).
 */
export async function fingerprintFile(file: Blob): Promise<IndexedFingerprint | null> {
  // Missing outside secure contexts (a page served over plain HTTP), whatever the types say.
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle as SubtleCrypto | undefined;
  if (!subtle) return null;
  const sha256 = hex(await subtle.digest('SHA-256', await file.arrayBuffer()));
  const kind = acceptedMedia(file.type)?.kind;
  const pixels = await (kind === 'image' ? imagePixels(file) : kind === 'video' ? videoFramePixels(file) : Promise.resolve(null)).catch(
    () => null,
  );
  // The server hashes a video's poster, a JPEG: sharp decodes it at reduced scale as it does any JPEG.
  const type = kind === 'video' ? 'image/jpeg' : file.type;
  return indexedFingerprint({ sha256, dhash: pixels ? pictureDHash(pixels, type) : null });
}
