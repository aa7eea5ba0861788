import type { MediaType } from '../../domain/vocabulary';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { cardDerivative, imageInfo } from '../media/derivatives';
import { randomMediaName, type MediaStore } from '../media/store';

export type MediaRow = typeof media.$inferSelect;

export interface NewMedia {
  data: Buffer;
  ext: string;
  contentType: string;
  originalName: string;
  mediaType: MediaType;
  /** JPEG poster frame for a video. */
  poster?: Buffer;
  /** Video frame size (images are measured here). */
  width?: number;
  height?: number;
}

/**
 * Writes an original and its derivatives fully to the store, then records the metadata row.
 * If anything fails, the files written so far are removed: no file without a row, no row without a file.
 */
export async function storeMedia(db: Db, store: MediaStore, input: NewMedia): Promise<MediaRow> {
  const timestamp = Date.now();
  const name = randomMediaName(input.ext, timestamp);
  const base = name.replace(/\.[^.]+$/, '');
  const written: string[] = [];
  const put = async (n: string, data: Buffer) => {
    await store.put(n, data);
    written.push(n);
  };
  try {
    await put(name, input.data);
    const frame = input.mediaType === 'image' ? input.data : input.poster;
    let posterName: string | null = null;
    if (input.mediaType === 'video' && input.poster) {
      posterName = `${base}-poster.jpg`;
      await put(posterName, input.poster);
    }
    let thumbName: string | null = null;
    let size = { width: input.width ?? null, height: input.height ?? null } as { width: number | null; height: number | null };
    if (frame) {
      thumbName = `${base}-card.webp`;
      await put(thumbName, await cardDerivative(frame));
      if (size.width === null || size.height === null) size = await imageInfo(frame);
    }
    const [row] = await db
      .insert(media)
      .values({
        name,
        size: input.data.length,
        contentType: input.contentType,
        originalName: input.originalName,
        timestamp,
        width: size.width,
        height: size.height,
        thumbName,
        posterName,
      })
      .returning();
    return row!;
  } catch (err) {
    await Promise.all(written.map((n) => store.remove(n)));
    throw err;
  }
}
