import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { baseOf, imageInfo, imageVariants, openGraphDerivative, openGraphFileName } from '../media/derivatives';
import type { MediaStore } from '../media/store';
import { logger } from '../log';
import { backfillInBatches, type BackfillOptions, type BackfillSummary } from './backfill-batches';
import { commitStaged } from './media.service';

/**
 * Makes the responsive variants (server/media/derivatives.ts) of every media stored before they
 * existed: from the original of an image, or the poster of a video. Files are staged before the
 * row records them and promoted after (server/media/store.ts StagedFiles; a failure removes them); rows are taken in id order, `batch` at a
 * time, so a run can be interrupted and started again, and a second run finds nothing to do.
 */
export async function backfillImageVariants(db: Db, store: MediaStore, options: BackfillOptions = {}): Promise<BackfillSummary> {
  return backfillInBatches(
    (after, limit) =>
      db
        .select({ id: media.id, name: media.name, contentType: media.contentType, posterName: media.posterName })
        .from(media)
        .where(and(isNull(media.variantWidths), gt(media.id, after)))
        .orderBy(asc(media.id))
        .limit(limit),
    async (row) => {
      const picture = row.contentType.startsWith('image/') ? row.name : row.posterName;
      if (!picture || !(await store.exists(picture))) return 'missing';
      const made = await store
        .withLocalCopy(picture, (file) => imageVariants(file, baseOf(row.name)))
        .catch((err: unknown) => {
          logger.warn({ err, file: picture }, 'backfill: picture left without variants');
          return null;
        });
      if (!made) return 'missing';
      const files = store.stage();
      try {
        for (const file of made.files) await files.put(file.name, file.data);
        await db.update(media).set({ variantWidths: made.widths, placeholderColor: made.placeholderColor }).where(eq(media.id, row.id));
      } catch (err) {
        await files.discard();
        throw err;
      }
      await commitStaged(files);
      return 'made';
    },
    options,
  );
}

/**
 * Makes the link-preview JPEG (server/media/derivatives.ts openGraphDerivative) of every media stored
 * before it existed, from the same picture as the variants; the same staging and batching as
 * backfillImageVariants, so it is idempotent (rows are those whose og_width is still null). A row
 * whose size was never recorded gets it from the picture too (as storeMedia does): the link preview
 * of a creative tells its size (server/media/open-graph.ts).
 */
export async function backfillOpenGraphImages(db: Db, store: MediaStore, options: BackfillOptions = {}): Promise<BackfillSummary> {
  return backfillInBatches(
    (after, limit) =>
      db
        .select({
          id: media.id,
          name: media.name,
          contentType: media.contentType,
          posterName: media.posterName,
          width: media.width,
          height: media.height,
        })
        .from(media)
        .where(and(isNull(media.ogWidth), gt(media.id, after)))
        .orderBy(asc(media.id))
        .limit(limit),
    async (row) => {
      const picture = row.contentType.startsWith('image/') ? row.name : row.posterName;
      if (!picture || !(await store.exists(picture))) return 'missing';
      const made = await store
        .withLocalCopy(picture, async (file) => ({
          openGraph: await openGraphDerivative(file),
          size: row.width === null || row.height === null ? await imageInfo(file) : null,
        }))
        .catch((err: unknown) => {
          logger.warn({ err, file: picture }, 'backfill: picture left without its link-preview image');
          return null;
        });
      if (!made) return 'missing';
      const files = store.stage();
      try {
        await files.put(openGraphFileName(baseOf(row.name)), made.openGraph.data);
        await db
          .update(media)
          .set({ ogWidth: made.openGraph.width, ...(made.size ?? {}) })
          .where(eq(media.id, row.id));
      } catch (err) {
        await files.discard();
        throw err;
      }
      await commitStaged(files);
      return 'made';
    },
    options,
  );
}
