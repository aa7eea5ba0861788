import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { baseOf, imageInfo, imageVariants, openGraphDerivative, openGraphFileName } from '../media/derivatives';
import type { MediaStore } from '../media/store';
import { logger } from '../log';
import { backfillInBatches, type BackfillOptions, type BackfillSummary } from './backfill-batches';
import { commitStaged } from './media.service';

/** A media row to complete: its original, and a video's poster. */
interface PictureRow {
  id: string;
  name: string;
  contentType: string;
  posterName: string | null;
}

/**
 * Makes what `make` derives from a media's picture (the original of an image, the poster of a
 * video) and records it: the files are staged before the row records them and promoted after
 * (server/media/store.ts StagedFiles; a failure removes them). A picture missing or unreadable
 * leaves the row as it is ('missing'), with `what` in the log.
 */
async function completeFromPicture<R extends PictureRow, M>(
  db: Db,
  store: MediaStore,
  row: R,
  what: string,
  make: (file: string) => Promise<M>,
  record: (made: M) => { files: { name: string; data: Buffer }[]; set: Partial<typeof media.$inferInsert> },
): Promise<'made' | 'missing'> {
  const picture = row.contentType.startsWith('image/') ? row.name : row.posterName;
  if (!picture || !(await store.exists(picture))) return 'missing';
  const made = await store.withLocalCopy(picture, make).catch((err: unknown) => {
    logger.warn({ err, file: picture }, `backfill: picture left without ${what}`);
    return null;
  });
  if (made === null) return 'missing';
  const { files: derived, set } = record(made);
  const files = store.stage();
  try {
    for (const file of derived) await files.put(file.name, file.data);
    await db.update(media).set(set).where(eq(media.id, row.id));
  } catch (err) {
    await files.discard();
    throw err;
  }
  await commitStaged(files);
  return 'made';
}

const PICTURE_COLUMNS = { id: media.id, name: media.name, contentType: media.contentType, posterName: media.posterName };

/**
 * Makes the responsive variants (server/media/derivatives.ts) of every media stored before they
 * existed; rows are taken in id order, `batch` at a time, so a run can be interrupted and started
 * again, and a second run finds nothing to do.
 */
export async function backfillImageVariants(db: Db, store: MediaStore, options: BackfillOptions = {}): Promise<BackfillSummary> {
  return backfillInBatches(
    (after, limit) =>
      db
        .select(PICTURE_COLUMNS)
        .from(media)
        .where(and(isNull(media.variantWidths), gt(media.id, after)))
        .orderBy(asc(media.id))
        .limit(limit),
    (row) =>
      completeFromPicture(
        db,
        store,
        row,
        'variants',
        (file) => imageVariants(file, baseOf(row.name)),
        (made) => ({ files: made.files, set: { variantWidths: made.widths, placeholderColor: made.placeholderColor } }),
      ),
    options,
  );
}

/**
 * Makes the link-preview JPEG (server/media/derivatives.ts openGraphDerivative) of every media stored
 * before it existed, from the same picture as the variants, in the same way (rows are those whose
 * og_width is still null). A row whose size was never recorded gets it from the picture too (as
 * storeMedia does): the link preview of a creative tells its size (server/media/open-graph.ts).
 */
export async function backfillOpenGraphImages(db: Db, store: MediaStore, options: BackfillOptions = {}): Promise<BackfillSummary> {
  return backfillInBatches(
    (after, limit) =>
      db
        .select({ ...PICTURE_COLUMNS, width: media.width, height: media.height })
        .from(media)
        .where(and(isNull(media.ogWidth), gt(media.id, after)))
        .orderBy(asc(media.id))
        .limit(limit),
    (row) =>
      completeFromPicture(
        db,
        store,
        row,
        'its link-preview image',
        async (file) => ({
          openGraph: await openGraphDerivative(file),
          size: row.width === null || row.height === null ? await imageInfo(file) : null,
        }),
        (made) => ({
          files: [{ name: openGraphFileName(baseOf(row.name)), data: made.openGraph.data }],
          set: { ogWidth: made.openGraph.width, ...(made.size ?? {}) },
        }),
      ),
    options,
  );
}
