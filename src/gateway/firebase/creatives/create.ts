import { collection, doc } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import { adminCreativeInput, creativeInput } from '@domain/schemas/creative';
import { statusOnSubmit } from '@domain/transitions';
import type { Analysis, Creative, User } from '@domain/types';
import type { Gateway } from '../../types';
import { guard, requireViewer, type FirebaseContext } from '../context';
import { creativeFormDocuments, derivedFields, mediaClassFields, type IndexedFields } from '../creative-document';
import { createCreative, newCreativeFields } from '../creative-writes';
import { readCreativeDoc, submitterNames } from '../creatives-shared';
import { validate } from '../errors';
import { toCreativeDetail } from '../mappers';
import { submissionPayload } from '../webhooks';
import { checkMedia, removeMedia, storeMedia } from './media';

const EMPTY_ANALYSIS: Analysis = { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };

/** The creative just written, as its author sees it (with the analysis that was written with it). */
export async function readBack(ctx: FirebaseContext, id: string, viewer: User, analysis: Analysis): Promise<Creative> {
  const data = await readCreativeDoc(ctx, id);
  const names = await submitterNames(ctx, [typeof data.submittedBy === 'string' ? data.submittedBy : null]);
  return toCreativeDetail(id, data, { uid: viewer.id }, names.get(data.submittedBy as string) ?? null, analysis);
}

/**
 * The submission form (spec §5): the file first, then the creative, its analysis and fingerprint; a
 * webhook tells. What the browser read in the file (`reading`) is stored with it: the text (the form's
 * own `mediaText` is the staff's edit, never a submission's), the shape and the length class.
 */
export async function submitCreative(
  ctx: FirebaseContext,
  ...[input, file, onProgress, reading]: Parameters<Gateway['creatives']['submit']>
) {
  const viewer = await requireViewer(ctx, 'creative:submit', { unauthenticated: MSG.mustBeLoggedToSubmit });
  const data = validate(creativeInput, input);
  checkMedia(file);
  const status = statusOnSubmit(viewer.role) === 'approved' ? 'approved' : 'pending';
  const fingerprint = await ctx.fingerprint(file);
  const stored = await storeMedia(ctx, file, viewer, onProgress);
  const classes = mediaClassFields(stored.kind, stored, reading);
  const { creative, analysis } = creativeFormDocuments({ ...data, mediaText: undefined }, reading?.text, classes);
  const ref = doc(collection(ctx.db, 'creatives'));
  try {
    await guard(ctx, () =>
      createCreative(
        ctx,
        ref,
        {
          ...creative,
          mediaUrl: stored.url,
          mediaPath: stored.path,
          mediaType: stored.kind,
          image: null,
          posterUrl: null,
          ...classes,
          ...newCreativeFields(viewer, status),
        },
        analysis,
        viewer.id,
        fingerprint,
      ),
    );
  } catch (err) {
    await removeMedia(ctx, stored.path);
    throw err;
  }
  const created = await readBack(ctx, ref.id, viewer, analysis);
  ctx.webhook(ctx.webhooks.submission, submissionPayload(created, viewer));
  return created;
}

/** The admin form: a creative from an image URL, approved at once, with an empty analysis. */
export async function adminCreateCreative(ctx: FirebaseContext, input: Parameters<Gateway['creatives']['adminCreate']>[0]) {
  const viewer = await requireViewer(ctx, 'creative:admin-form');
  const data = validate(adminCreativeInput, input);
  const ref = doc(collection(ctx.db, 'creatives'));
  const fields: IndexedFields = {
    name: data.name,
    advertiser: data.advertiser,
    format: data.format,
    objective: data.objective,
    type: data.type,
    sector: data.sector,
    platform: data.platform,
    isJuntoAngel: false,
    testedAndApproved: false,
  };
  // The admin form has no analysis: an empty one, so that every creative has its document.
  await guard(ctx, () =>
    createCreative(
      ctx,
      ref,
      {
        ...fields,
        ...derivedFields(fields, EMPTY_ANALYSIS),
        // An image given by its URL: nothing read in it, its size unknown.
        mediaText: '',
        shape: null,
        lengthClass: null,
        mediaUrl: null,
        mediaPath: null,
        mediaType: 'image',
        image: data.image,
        posterUrl: null,
        width: null,
        height: null,
        ...newCreativeFields(viewer, 'approved'),
      },
      EMPTY_ANALYSIS,
      viewer.id,
    ),
  );
  return readBack(ctx, ref.id, viewer, EMPTY_ANALYSIS);
}
