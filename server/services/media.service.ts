import { eq } from 'drizzle-orm';
import type { MediaType } from '@domain/vocabulary';
import type { Db } from '../db/client';
import type { Deps } from '../http/context';
import { media } from '../db/schema';
import {
  baseOf,
  cardDerivative,
  cardFileName,
  imageInfo,
  imageVariants,
  posterFileName,
  VARIANT_FORMATS,
  variantName,
} from '../media/derivatives';
import { decodingUpload } from '../media/picture-checks';
import { randomMediaName, type MediaStore } from '../media/store';
import { extractPoster } from '../media/video';
import { logger } from '../log';

export type MediaRow = typeof media.$inferSelect;

export interface NewMedia {
  /**
   * The original: bytes in memory, or a fully written temp file inside the store (moved into
   * place on success, removed on failure).
   */
  source: { data: Buffer } | { tempPath: string; size: number };
  ext: string;
  contentType: string;
  originalName: string;
  mediaType: MediaType;
  /** JPEG poster frame for a video; made with ffmpeg when omitted, none when null. */
  poster?: Buffer | null;
  width?: number;
  height?: number;
}

/** Every stored file of a media row (original, card derivative, poster, responsive variants). */
export function filesOf(row: Pick<MediaRow, 'name' | 'thumbName' | 'posterName' | 'variantWidths'>): string[] {
  const variants = (row.variantWidths ?? []).flatMap((w) => VARIANT_FORMATS.map((f) => variantName(baseOf(row.name), w, f)));
  return [row.name, row.thumbName, row.posterName, ...variants].filter((n): n is string => Boolean(n));
}

/**
 * Writes an original and its derivatives fully to the store, then records the metadata row.
 * If anything fails, the files written so far are removed: no file without a row, no row without a
 * file. A picture sharp cannot decode is the sender's fault: 415 (server/media/picture-checks.ts).
 */
export async function storeMedia(deps: Pick<Deps, 'db' | 'media' | 'mediaTools'>, input: NewMedia): Promise<MediaRow> {
  const { db, media: store } = deps;
  const timestamp = Date.now();
  const name = randomMediaName(input.ext, timestamp);
  const base = baseOf(name);
  const files = fileWriter(store);
  const put = files.put;
  try {
    const original = 'data' in input.source ? input.source.data : input.source.tempPath;
    let frame: Buffer | string | null = null;
    let size = { width: input.width ?? null, height: input.height ?? null };
    let posterName: string | null = null;
    if (input.mediaType === 'image') {
      frame = original;
    } else {
      const extracted =
        input.poster !== undefined ? null : await extractPoster(deps.mediaTools, typeof original === 'string' ? original : '');
      const poster = input.poster ?? extracted?.poster ?? null;
      if (extracted) size = { width: size.width ?? extracted.width, height: size.height ?? extracted.height };
      if (poster) {
        posterName = posterFileName(base);
        await put(posterName, poster);
        frame = poster;
      }
    }
    let thumbName: string | null = null;
    let variants: { widths: number[]; placeholderColor: string } | null = null;
    if (frame) {
      const picture = frame;
      const made = await decodingUpload(input.mediaType, async () => ({
        card: await cardDerivative(picture),
        size: size.width === null || size.height === null ? await imageInfo(picture) : size,
        variants: await imageVariants(picture, base),
      }));
      thumbName = cardFileName(base);
      await put(thumbName, made.card);
      size = made.size;
      for (const file of made.variants.files) await put(file.name, file.data);
      variants = { widths: made.variants.widths, placeholderColor: made.variants.placeholderColor };
    }
    if ('data' in input.source) await put(name, input.source.data);
    else await files.adopt(name, input.source.tempPath);
    const [row] = await db
      .insert(media)
      .values({
        name,
        size: 'data' in input.source ? input.source.data.length : input.source.size,
        contentType: input.contentType,
        originalName: input.originalName,
        timestamp,
        width: size.width,
        height: size.height,
        thumbName,
        posterName,
        variantWidths: variants?.widths ?? null,
        placeholderColor: variants?.placeholderColor ?? null,
      })
      .returning();
    return row!;
  } catch (err) {
    await files.rollback();
    if ('tempPath' in input.source) await store.discardTemp(input.source.tempPath);
    throw err;
  }
}

/**
 * Writes files fully to the store and remembers them, so that an operation that fails after some
 * of them (the row not recorded) removes what it wrote: no file without its row.
 */
export function fileWriter(store: MediaStore) {
  const written: string[] = [];
  return {
    put: async (name: string, data: Buffer) => {
      await store.put(name, data);
      written.push(name);
    },
    adopt: async (name: string, tempPath: string) => {
      await store.adopt(name, tempPath);
      written.push(name);
    },
    rollback: () => removeFiles(store, written),
  };
}

/** Removes a media row, then its files (after the row is gone, a file can no longer be served). */
export async function deleteMedia(db: Db, store: MediaStore, id: string): Promise<void> {
  const [row] = await db.delete(media).where(eq(media.id, id)).returning();
  if (row) await removeFiles(store, filesOf(row));
}

export async function removeFiles(store: MediaStore, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => store.remove(n).catch((err) => logger.warn({ err, file: n }, 'could not remove a media file'))));
}
