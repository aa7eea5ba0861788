import { DHASH_COLUMNS, DHASH_ROWS, dHash, toSigned } from '@domain/perceptual-hash';
import { openImage } from './sharp';

/**
 * The perceptual hash of a picture (an image, or a video's poster frame) as stored in
 * `creatives.phash` (signed bigint): upright, greyscale, squeezed to 9×8 pixels (the aspect ratio is
 * dropped on purpose: a resized copy keeps it, a crop is another picture), then domain dHash.
 * Null when the picture cannot be decoded.
 */
export async function perceptualHash(picture: Buffer | string): Promise<bigint | null> {
  try {
    const grey = await (
      await openImage(picture)
    )
      .rotate()
      .greyscale()
      .resize(DHASH_COLUMNS, DHASH_ROWS, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    return toSigned(dHash(grey));
  } catch {
    return null;
  }
}
