import { eq, sql } from 'drizzle-orm';
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
  openGraphDerivative,
  openGraphFileName,
  parseStoredName,
  posterFileName,
  VARIANT_FORMATS,
  variantName,
} from '../media/derivatives';
import { decodingUpload } from '../media/picture-checks';
import { randomMediaName, type MediaStore, type StagedFiles } from '../media/store';
import { extractPoster } from '../media/video';
import { logger } from '../log';

export type MediaRow = typeof media.$inferSelect;

export interface NewMedia {
  /**
   * The original: bytes in memory, or a fully written local temp file from store.tempPath()
   * (staged with the other files on success, removed on failure).
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
  /** A video's duration (ms); read with the poster when omitted and ffmpeg makes it, unknown when null. */
  durationMs?: number | null;
}

/** Every stored file of a media row (original, card derivative, poster, responsive variants, link-preview JPEG). */
export function filesOf(row: Pick<MediaRow, 'name' | 'thumbName' | 'posterName' | 'variantWidths' | 'ogWidth'>): string[] {
  const base = baseOf(row.name);
  const variants = (row.variantWidths ?? []).flatMap((w) => VARIANT_FORMATS.map((f) => variantName(base, w, f)));
  const openGraph = row.ogWidth !== null ? openGraphFileName(base) : null;
  return [row.name, row.thumbName, row.posterName, ...variants, openGraph].filter((n): n is string => Boolean(n));
}

/**
 * Stages an original and its derivatives fully in the store, records the metadata row, then makes
 * the files visible (server/media/store.ts StagedFiles). If anything fails before the row commits,
 * the staged files are removed: no file without a row, no row without a file. A picture sharp
 * cannot decode is the sender's fault: 415 (server/media/picture-checks.ts).
 *
 * `record` writes the row itself, with `insertRow`, in a transaction of its own that also writes
 * what refers to it (a creative): then a failure there — the database gone mid-way — leaves
 * neither row, where removing the media afterwards would need the database that just failed.
 */
export async function storeMedia(deps: Pick<Deps, 'db' | 'media'>, input: NewMedia): Promise<MediaRow>;
export async function storeMedia<T>(
  deps: Pick<Deps, 'db' | 'media'>,
  input: NewMedia,
  record: (insertRow: (tx: Db) => Promise<MediaRow>) => Promise<T>,
): Promise<T>;
export async function storeMedia<T>(
  deps: Pick<Deps, 'db' | 'media'>,
  input: NewMedia,
  record?: (insertRow: (tx: Db) => Promise<MediaRow>) => Promise<T>,
): Promise<T | MediaRow> {
  const { db } = deps;
  const { store } = deps.media;
  const timestamp = Date.now();
  const name = randomMediaName(input.ext, timestamp);
  const base = baseOf(name);
  const files = store.stage();
  const put = files.put;
  let recorded: T | MediaRow;
  try {
    const original = 'data' in input.source ? input.source.data : input.source.tempPath;
    let frame: Buffer | string | null = null;
    let size = { width: input.width ?? null, height: input.height ?? null };
    let durationMs = input.durationMs ?? null;
    let posterName: string | null = null;
    if (input.mediaType === 'image') {
      frame = original;
    } else {
      const extracted =
        input.poster !== undefined ? null : await extractPoster(deps.media.tools, typeof original === 'string' ? original : '');
      const poster = input.poster ?? extracted?.poster ?? null;
      if (extracted) {
        size = { width: size.width ?? extracted.width, height: size.height ?? extracted.height };
        durationMs ??= extracted.durationMs;
      }
      if (poster) {
        posterName = posterFileName(base);
        await put(posterName, poster);
        frame = poster;
      }
    }
    let thumbName: string | null = null;
    let variants: { widths: number[]; placeholderColor: string } | null = null;
    let ogWidth: number | null = null;
    if (frame) {
      const picture = frame;
      const made = await decodingUpload(input.mediaType, async () => ({
        card: await cardDerivative(picture),
        size: size.width === null || size.height === null ? await imageInfo(picture) : size,
        variants: await imageVariants(picture, base),
        openGraph: await openGraphDerivative(picture),
      }));
      thumbName = cardFileName(base);
      await put(thumbName, made.card);
      size = made.size;
      for (const file of made.variants.files) await put(file.name, file.data);
      variants = { widths: made.variants.widths, placeholderColor: made.variants.placeholderColor };
      await put(openGraphFileName(base), made.openGraph.data);
      ogWidth = made.openGraph.width;
    }
    if ('data' in input.source) await put(name, input.source.data);
    else await files.adopt(name, input.source.tempPath);
    const values = {
      name,
      size: 'data' in input.source ? input.source.data.length : input.source.size,
      contentType: input.contentType,
      originalName: input.originalName,
      timestamp,
      width: size.width,
      height: size.height,
      durationMs: input.mediaType === 'video' ? durationMs : null,
      thumbName,
      posterName,
      variantWidths: variants?.widths ?? null,
      placeholderColor: variants?.placeholderColor ?? null,
      ogWidth,
    };
    const insertRow = async (tx: Db) => ((await tx.insert(media).values(values).returning()) as [MediaRow])[0];
    recorded = record ? await record(insertRow) : await insertRow(db);
  } catch (err) {
    await files.discard().catch((cause: unknown) => {
      logger.warn({ err: cause }, 'media: staged files not removed, tried again shortly');
      retrySoon(() => files.discard(), 'discard');
    });
    if ('tempPath' in input.source) await store.discardTemp(input.source.tempPath);
    throw err;
  }
  await commitStaged(files);
  return recorded;
}

/**
 * Promotes staged files whose row has committed. A failure here (the store unreachable for a
 * moment) does not undo the row: the files stay staged and are promoted as soon as the store
 * answers again (retrySoon), or by the sweep once stale, since the row records them
 * (server/media/store.ts sweepStaged).
 */
export async function commitStaged(files: StagedFiles): Promise<void> {
  await files.commit().catch((err: unknown) => {
    logger.error({ err }, 'media: staged files not promoted, tried again shortly');
    retrySoon(() => files.commit(), 'commit');
  });
}

/** How often, and for how long, a promotion or removal the store refused is tried again. */
const RETRY_EVERY_MS = 2_000;
const RETRY_FOR_MS = 10 * 60_000;

/**
 * Tries `settle` (promoting or removing a batch of staged files: both can be repeated) again every
 * 2 s for 10 minutes, in the background; past that, the sweep settles the batch once stale. The
 * timer does not keep the process alive.
 */
function retrySoon(settle: () => Promise<void>, what: 'commit' | 'discard', since = Date.now()): void {
  setTimeout(() => {
    settle().then(
      () => logger.info({ what }, 'media: staged files settled on a retry'),
      () => {
        if (Date.now() - since < RETRY_FOR_MS) retrySoon(settle, what, since);
        else logger.warn({ what }, 'media: staged files left for the sweep');
      },
    );
  }, RETRY_EVERY_MS).unref();
}

/**
 * Which of `names` a media row records (any of its files, server/media/store.ts sweepStaged):
 * rows are looked up by the base every file of a row shares, a few at a time.
 */
export function recordedMediaFiles(db: Db): (names: string[]) => Promise<Set<string>> {
  return async (names) => {
    const wanted = new Set(names);
    const found = new Set<string>();
    for (const base of new Set(names.map(baseOfFile))) {
      const rows = await db
        .select()
        .from(media)
        .where(sql`${media.name} LIKE ${`${escapeLike(base)}.%`}`);
      for (const row of rows) for (const file of filesOf(row)) if (wanted.has(file)) found.add(file);
    }
    return found;
  };
}

/** The base every file of a media row shares (derivatives.ts parseStoredName); a name we did not make is its own. */
export const baseOfFile = (file: string) => parseStoredName(file)?.base ?? baseOf(file);

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Removes a media row, then its files (after the row is gone, a file can no longer be served). */
export async function deleteMedia(db: Db, store: MediaStore, id: string): Promise<void> {
  const [row] = await db.delete(media).where(eq(media.id, id)).returning();
  if (row) await removeFiles(store, filesOf(row));
}

export async function removeFiles(store: MediaStore, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => store.remove(n).catch((err) => logger.warn({ err, file: n }, 'could not remove a media file'))));
}
