import { createHash } from 'node:crypto';
import { DHASH_COLUMNS, DHASH_ROWS, dHash, hasStructure, toSigned } from '@domain/perceptual-hash';
import { openImage } from './sharp';

/**
 * The perceptual hash of a picture (an image, or a video's poster frame) as stored in
 * `creatives.phash` (signed bigint): upright, greyscale, squeezed to 9×8 pixels (the aspect ratio is
 * dropped on purpose: a resized copy keeps it, a crop is another picture), then domain dHash.
 * Null when the picture cannot be decoded, or is flat (domain hasStructure: exact duplicates only).
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
    return hasStructure(grey) ? toSigned(dHash(grey)) : null;
  } catch {
    return null;
  }
}

/** What identifies a file for duplicate detection: its bytes' SHA-256 (hex), and its picture's dHash (null: none could be read). */
export interface Fingerprint {
  sha256: string;
  phash: bigint | null;
}

/** SHA-256 (hex) of bytes in memory or of a stream (a stored original, read once). */
export async function sha256Of(data: Buffer | AsyncIterable<Buffer>): Promise<string> {
  const digest = createHash('sha256');
  if (Buffer.isBuffer(data)) digest.update(data);
  else for await (const chunk of data) digest.update(chunk);
  return digest.digest('hex');
}
