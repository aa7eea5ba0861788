import { can } from '@domain/permissions';
import type { Creative } from '@domain/types';
import type { Gateway } from '../../types';
import { requireUid, uidOf, viewerOf, type FirebaseContext } from '../context';
import { readCreativeWithAnalysis, submitterNames } from '../creatives-shared';
import { firebaseDiscovery } from '../discovery';
import { firebaseFacetCounts } from '../facet-counts';
import { galleryFiltersOf } from '../gallery-plan';
import { favoritesPage } from '../likes';
import { toCreativeDetail } from '../mappers';
import { adminCreateCreative, submitCreative } from './create';
import { downloadCreative } from './download';
import { removeCreative, updateCreative } from './edit';
import { galleryPage } from './gallery-page';
import { highlights } from './highlights';
import { setCreativeLike } from './like';
import { relevancePage } from './relevance-page';

/** A creative's detail: its analysis for a member, its submitter's name for staff and the submitter. */
async function detail(ctx: FirebaseContext, id: string): Promise<Creative> {
  const viewer = await viewerOf(ctx);
  const { data, analysis } = await readCreativeWithAnalysis(ctx, id, viewer);
  const submittedBy = typeof data.submittedBy === 'string' ? data.submittedBy : null;
  let submitter: { firstName: string; lastName: string } | null = null;
  if (viewer && submittedBy === viewer.id) submitter = { firstName: viewer.firstName, lastName: viewer.lastName };
  else if (viewer && submittedBy && can(viewer.role, 'creative:review')) {
    submitter = (await submitterNames(ctx, [submittedBy])).get(submittedBy) ?? null;
  }
  return toCreativeDetail(id, data, { uid: viewer?.id ?? (await uidOf(ctx)) }, submitter, analysis);
}

/**
 * The creatives on Firebase, one module per operation: the gallery (gallery-page.ts over the index
 * part gallery-part.ts picks; relevance-page.ts for 'Pertinence'), highlights, detail, likes,
 * favourites (likes.ts), download, submission and the admin form (create.ts), edit and deletion
 * (edit.ts).
 */
export function firebaseCreatives(ctx: FirebaseContext): Gateway['creatives'] {
  return {
    ...firebaseDiscovery(ctx),
    facets: firebaseFacetCounts(ctx),
    // The browser hashes the file (duplicates.ts, loaded on demand with the hashing code).
    checkDuplicates: async (file) => (await import('../duplicates')).checkDuplicates(ctx, file),

    async list(q) {
      const uid = await uidOf(ctx);
      const request = { uid, filters: galleryFiltersOf(q), term: q.q?.trim() ?? '', cursor: q.cursor };
      // 'Pertinence' ranks a search; without a term there is nothing to rank: newest first.
      if (q.sort === 'relevance' && request.term) return relevancePage(ctx, request);
      return galleryPage(ctx, { ...request, order: q.sort === 'likes' ? 'likes' : 'recent' });
    },
    highlights: () => highlights(ctx),
    get: (id) => detail(ctx, id),
    like: (id) => setCreativeLike(ctx, id, true),
    unlike: (id) => setCreativeLike(ctx, id, false),
    async favorites(q) {
      const uid = await requireUid(ctx);
      return favoritesPage(ctx, uid, q.q?.trim() ?? '', q.cursor);
    },
    download: (creative) => downloadCreative(ctx, creative),
    submit: (input, file, onProgress, reading) => submitCreative(ctx, input, file, onProgress, reading),
    update: (id, input, file, onProgress, reading) => updateCreative(ctx, id, input, file, onProgress, reading),
    remove: (id) => removeCreative(ctx, id),
    adminCreate: (input) => adminCreateCreative(ctx, input),
  };
}
