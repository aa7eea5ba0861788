import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creatives, media } from '../db/schema';
import { perceptualHash, sha256Of } from '../media/fingerprint';
import type { MediaStore } from '../media/store';
import { backfillInBatches, type BackfillOptions, type BackfillSummary } from './backfill-batches';

/**
 * Gives the creatives stored before duplicate detection (issue 18, migration 0011) their fingerprint:
 * the SHA-256 of the stored original (metadata already removed, so an exact re-upload of the phone's
 * file is found as a near duplicate only) and the dHash of the image or of the video's poster.
 * Keyset on the creative's id, `batch` at a time: interrupted, it goes on with what is left; a creative
 * whose picture cannot be read keeps a null dHash (counted as missing) and is looked at again next run.
 */
export async function backfillFingerprints(db: Db, store: MediaStore, options: BackfillOptions = {}): Promise<BackfillSummary> {
  return backfillInBatches(
    (after, limit) =>
      db
        .select({ id: creatives.id, name: media.name, contentType: media.contentType, posterName: media.posterName })
        .from(creatives)
        .innerJoin(media, eq(media.id, creatives.mediaId))
        .where(and(isNull(creatives.phash), gt(creatives.id, after)))
        .orderBy(asc(creatives.id))
        .limit(limit),
    async (row) => {
      const original = await store.read(row.name);
      if (!original) return 'missing';
      const sha256 = await sha256Of(original);
      const picture = row.contentType.startsWith('image/') ? row.name : row.posterName;
      const phash = picture ? await store.withLocalCopy(picture, (file) => perceptualHash(file)) : null;
      await db.update(creatives).set({ mediaSha256: sha256, phash }).where(eq(creatives.id, row.id));
      return phash === null ? 'missing' : 'made';
    },
    options,
  );
}
