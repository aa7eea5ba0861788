import { AppError } from '@domain/errors';
import { withinPictureLimits } from '@domain/media-rules';
import type { MediaType } from '@domain/vocabulary';
import { logger } from '../log';
import { dimensionsTooLarge, unreadable } from './media-errors';
import { loadSharp } from './sharp';

export interface PictureHeader {
  /** sharp's name of the decoder: 'jpeg', 'png', 'webp'. */
  format: string;
  width: number;
  height: number;
  /** EXIF orientation, 1 (upright) when absent. */
  orientation: number;
}

/**
 * The header of an uploaded picture (an image, or the poster of a video), read without decoding
 * the pixels, and the refusals it allows before any decoding: 415 when even the header cannot be
 * read, 413 when it claims more than IMAGE_MAX_PIXELS / IMAGE_MAX_SIDE — a 20 KB PNG can decode to
 * 144 MP (430 MB). The pixel limit is lifted for this read only, to tell that case apart.
 */
export async function readPictureHeader(data: Buffer | string, kind: MediaType): Promise<PictureHeader> {
  const sharp = await loadSharp();
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch((err: unknown) => {
      logger.info({ err }, 'upload refused: unreadable picture header');
      throw unreadable(kind);
    });
  if (!meta.width || !meta.height) throw unreadable(kind);
  if (!withinPictureLimits(meta.width, meta.height)) throw dimensionsTooLarge(kind);
  return { format: meta.format, width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 };
}

/**
 * Runs sharp work on an uploaded picture: a failure there means the file's content is corrupt
 * (a truncated JPEG, noise behind a valid header), which is the sender's fault (415), not a
 * server error. Refusals already decided (AppError) pass through.
 */
export async function decodingUpload<T>(kind: MediaType, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.info({ err }, 'upload refused: the picture could not be decoded');
    throw unreadable(kind);
  }
}
