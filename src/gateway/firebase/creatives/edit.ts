import { collection, getDocs, query, where, writeBatch } from 'firebase/firestore';
import { asLength, asShape } from '@domain/media-shape';
import { creativeInput } from '@domain/schemas/creative';
import type { Gateway } from '../../types';
import { commitAll, guard, requireViewer, type BatchOp, type FirebaseContext } from '../context';
import { creativeFormDocuments, keptText, mediaClassFields } from '../creative-document';
import { analysisRef, creativeRef, readCreativeDoc } from '../creatives-shared';
import { validate } from '../errors';
import { mediaTextOf } from '../mappers';
import { dropFingerprint } from '../fingerprints';
import { readBack } from './create';
import { checkMedia, removeMedia, storeMedia } from './media';

/**
 * The edit form: the public fields and the analysis together, and the file when a new one is picked.
 * The media's text (keptText): the staff's correction, else a new file's reading, else the stored one,
 * kept in the search keys; a new file's shape and length class replace the old ones.
 */
export async function updateCreative(
  ctx: FirebaseContext,
  ...[id, input, file, onProgress, reading]: Parameters<Gateway['creatives']['update']>
) {
  const viewer = await requireViewer(ctx, 'creative:update');
  const data = validate(creativeInput, input);
  if (file) checkMedia(file);
  const existing = await readCreativeDoc(ctx, id);
  const stored = file ? await storeMedia(ctx, file, viewer, onProgress) : null;
  const classes = stored
    ? mediaClassFields(stored.kind, stored, reading)
    : { shape: asShape(existing.shape), lengthClass: asLength(existing.lengthClass) };
  const { creative, analysis } = creativeFormDocuments(
    { ...data, mediaText: undefined },
    keptText(data.mediaText, mediaTextOf(existing), stored ? (reading ?? null) : undefined),
    classes,
  );
  const media = stored ? { mediaUrl: stored.url, mediaPath: stored.path, mediaType: stored.kind, posterUrl: null, ...classes } : {};
  try {
    await guard(ctx, () => {
      // The public fields and the analysis change together: the rules check that they agree.
      const batch = writeBatch(ctx.db);
      batch.update(creativeRef(ctx, id), { ...creative, ...media });
      batch.set(analysisRef(ctx, id), analysis);
      return batch.commit();
    });
  } catch (err) {
    if (stored) await removeMedia(ctx, stored.path);
    throw err;
  }
  if (stored) await removeMedia(ctx, existing.mediaPath);
  return readBack(ctx, id, viewer, analysis);
}

/** Deletes a creative: it, its analysis and its fingerprint in the first batch, then its comments (spec §4), then its file. */
export async function removeCreative(ctx: FirebaseContext, id: string): Promise<void> {
  await requireViewer(ctx, 'creative:delete');
  const existing = await readCreativeDoc(ctx, id);
  const ref = creativeRef(ctx, id);
  const comments = await guard(ctx, () => getDocs(query(collection(ctx.db, 'comments'), where('creativeId', '==', id))));
  await guard(ctx, () =>
    commitAll(ctx, [
      (b) => b.delete(ref),
      (b) => b.delete(analysisRef(ctx, id)),
      (b) => dropFingerprint(ctx, b, existing),
      ...comments.docs.map(
        (c): BatchOp =>
          (b) =>
            b.delete(c.ref),
      ),
    ]),
  );
  await removeMedia(ctx, existing.mediaPath);
}
