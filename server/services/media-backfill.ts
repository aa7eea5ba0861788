import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { baseOf, imageVariants } from '../media/derivatives';
import type { MediaStore } from '../media/store';
import { logger } from '../log';
import { commitStaged } from './media.service';

export interface BackfillSummary {
  /** Media given their variants. */
  made: number;
  /**
   * Media without a usable picture (a video without poster, a lost file, a picture sharp refuses:
   * corrupt, or over IMAGE_MAX_PIXELS — accepted before uploads were checked): left as they are.
   */
  missing: number;
}

/**
 * Makes the responsive variants (server/media/derivatives.ts) of every media stored before they
 * existed: from the original of an image, or the poster of a video. Files are staged before the
 * row records them and promoted after (server/media/store.ts StagedFiles; a failure removes them); rows are taken in id order, `batch` at a
 * time, so a run can be interrupted and started again, and a second run finds nothing to do.
 */
export async function backfillImageVariants(
  db: Db,
  store: MediaStore,
  options: { batch?: number; onProgress?: (summary: BackfillSummary) => void } = {},
): Promise<BackfillSummary> {
  const summary: BackfillSummary = { made: 0, missing: 0 };
  const batch = options.batch ?? 50;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: media.id, name: media.name, contentType: media.contentType, posterName: media.posterName })
      .from(media)
      .where(and(isNull(media.variantWidths), gt(media.id, after)))
      .orderBy(asc(media.id))
      .limit(batch);
    if (rows.length === 0) return summary;
    for (const row of rows) {
      after = row.id;
      const picture = row.contentType.startsWith('image/') ? row.name : row.posterName;
      if (!picture || !(await store.exists(picture))) {
        summary.missing += 1;
        continue;
      }
      const made = await store
        .withLocalCopy(picture, (file) => imageVariants(file, baseOf(row.name)))
        .catch((err: unknown) => {
          logger.warn({ err, file: picture }, 'backfill: picture left without variants');
          return null;
        });
      if (!made) {
        summary.missing += 1;
        continue;
      }
      const files = store.stage();
      try {
        for (const file of made.files) await files.put(file.name, file.data);
        await db.update(media).set({ variantWidths: made.widths, placeholderColor: made.placeholderColor }).where(eq(media.id, row.id));
      } catch (err) {
        await files.discard();
        throw err;
      }
      await commitStaged(files);
      summary.made += 1;
    }
    options.onProgress?.({ ...summary });
  }
}
