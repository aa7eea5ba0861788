import { eq } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import type { CreativeInputData } from '@domain/schemas/creative';
import type { adminCreativeInput } from '@domain/schemas/creative';
import { searchTextOf } from '@domain/search';
import { statusOnSubmit } from '@domain/transitions';
import type { Creative, User } from '@domain/types';
import type { Db } from '@server/db/client';
import { creatives } from '@server/db/schema';
import type { Deps } from '@server/http/context';
import { sanitizeUpload } from '@server/media/sanitize-upload';
import type { UploadedFile } from '@server/media/upload';
import { perceptualHash, type Fingerprint } from '@server/media/fingerprint';
import { deleteMedia, storeMedia, type MediaRow } from '../media.service';
import { notifyStaffOfPending } from '../notifications/notify';
import { findDuplicates } from './duplicates.service';
import { getCreative } from './creative.service';
import { creativeColumns, mediaColumns } from './creative-write';
import { checkMayCorrectMediaText, correctedTextColumns, newMediaAnalysisColumns, queueAnalysis } from './media-analysis';
import type { z } from 'zod';

/**
 * An upload, cleaned of its metadata and checked (server/media/sanitize-upload.ts), stored with its
 * derivatives, and its fingerprint for duplicate detection (the dHash of the cleaned image, or of the
 * poster frame already made for a video: the video is not read again); then `record`, the
 * transaction that writes the media row and what refers to it. Both rows are written or neither:
 * with the database gone mid-way, no media is left without its creative (staged files are swept).
 */
async function storeUpload<T>(
  deps: Deps,
  file: UploadedFile,
  record: (tx: Db, stored: MediaRow, fingerprint: Fingerprint) => Promise<T>,
): Promise<T> {
  const sanitized = await sanitizeUpload(deps, file);
  const picture =
    file.kind === 'image' ? ('data' in sanitized.source ? sanitized.source.data : sanitized.source.tempPath) : sanitized.poster;
  const fingerprint: Fingerprint = { sha256: file.sha256, phash: picture ? await perceptualHash(picture) : null };
  const media = { ...sanitized, ext: file.ext, contentType: file.contentType, originalName: file.originalName, mediaType: file.kind };
  return storeMedia(deps, media, (insertRow) => deps.db.transaction(async (tx) => record(tx, await insertRow(tx), fingerprint)));
}

const fingerprintColumns = (fp: Fingerprint) => ({ mediaSha256: fp.sha256, phash: fp.phash });

/**
 * A new creative from the submit form: approved at once for staff, pending for agencies (spec §4).
 * The media is fully stored before the rows are written; the analysis of its media is queued once they
 * are; the submission webhook and the staff's notifications follow.
 */
export async function submitCreative(deps: Deps, viewer: User, input: CreativeInputData, file: UploadedFile): Promise<Creative> {
  checkMayCorrectMediaText(viewer, input.mediaText);
  const status = statusOnSubmit(viewer.role);
  const { row, deliveries } = await storeUpload(deps, file, async (tx, stored, fingerprint) => {
    const [original] = await findDuplicates(tx, fingerprint);
    const [inserted] = await tx
      .insert(creatives)
      .values({
        ...creativeColumns(input),
        name: input.name,
        advertiser: input.advertiser,
        ...mediaColumns(stored, file.kind),
        status,
        validated: status === 'approved',
        submittedBy: viewer.id,
        ...fingerprintColumns(fingerprint),
        duplicateOf: original?.id ?? null,
        ...correctedTextColumns(input.mediaText || undefined, ''),
      })
      .returning();
    // Staff are told of a creative waiting for them in the transaction that makes it wait.
    const deliveries = status === 'pending' ? await notifyStaffOfPending(tx, inserted!, viewer.id) : [];
    return { row: inserted!, deliveries };
  });
  await queueAnalysis(deps, row.id);
  deps.outbound.webhooks(deps.config.env.SUBMISSION_WEBHOOK_URL, {
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    submittedBy: { firstName: viewer.firstName, lastName: viewer.lastName },
    status: row.status,
  });
  await deps.events.pending.publish();
  await deps.events.notifier.deliver(deliveries);
  return getCreative(deps.db, viewer, row.id);
}

/**
 * Edit by staff: the form's fields, and the media when a new file is given (the old one is then removed,
 * its analysis cleared and the new one's queued). The text of the creative, when the staff changed it,
 * is their correction; with a new file it is not taken, as it was the previous media's.
 */
export async function updateCreative(
  deps: Deps,
  viewer: User,
  id: string,
  input: CreativeInputData,
  file: UploadedFile | null,
): Promise<Creative> {
  checkMayCorrectMediaText(viewer, input.mediaText);
  const [existing] = await deps.db
    .select({ mediaId: creatives.mediaId, mediaText: creatives.mediaText })
    .from(creatives)
    .where(eq(creatives.id, id));
  if (!existing) throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  const write = (tx: Db, columns: Partial<typeof creatives.$inferInsert>) =>
    tx
      .update(creatives)
      .set({ ...creativeColumns(input), ...columns, updatedAt: new Date() })
      .where(eq(creatives.id, id));
  if (file) {
    await storeUpload(deps, file, (tx, stored, fingerprint) =>
      write(tx, { ...newMediaAnalysisColumns, ...mediaColumns(stored, file.kind), ...fingerprintColumns(fingerprint) }),
    );
    await queueAnalysis(deps, id);
  } else await write(deps.db, correctedTextColumns(input.mediaText, existing.mediaText));
  if (file && existing.mediaId) await deleteMedia(deps.db, deps.media.store, existing.mediaId);
  return getCreative(deps.db, viewer, id);
}

/** Deletes a creative with its likes, comments and folder entries (foreign keys cascade), then its files. */
export async function deleteCreative(deps: Deps, id: string): Promise<void> {
  const [row] = await deps.db.delete(creatives).where(eq(creatives.id, id)).returning({ mediaId: creatives.mediaId });
  if (!row) throw new AppError('NOT_FOUND', { message: MSG.creativeNotFound });
  if (row.mediaId) await deleteMedia(deps.db, deps.media.store, row.mediaId);
  await deps.events.pending.publish();
}

/** The simple admin form: an approved creative whose image is a URL. */
export async function adminCreateCreative(deps: Deps, viewer: User, input: z.output<typeof adminCreativeInput>): Promise<Creative> {
  const [row] = await deps.db
    .insert(creatives)
    .values({
      name: input.name,
      advertiser: input.advertiser,
      searchText: searchTextOf(input),
      image: input.image,
      mediaType: 'image',
      formats: [input.format],
      objectives: [input.objective],
      types: [input.type],
      sectors: [input.sector],
      platforms: [input.platform],
      status: 'approved',
      validated: true,
      submittedBy: viewer.id,
    })
    .returning();
  return getCreative(deps.db, viewer, row!.id);
}
