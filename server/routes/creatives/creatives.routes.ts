import { Hono, type Context } from 'hono';
import { facetsQueryInput, galleryQueryInput } from '@domain/schemas/gallery';
import { can } from '@domain/permissions';
import { downloadFileName } from '@domain/download';
import { MSG } from '@domain/messages';
import { commentInput } from '@domain/schemas/comment';
import { featureInput, rejectionInput } from '@domain/schemas/creative';
import { pageQuery } from '@domain/schemas/paging';
import { suggestionQueryInput } from '@domain/schemas/suggestions';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { memberGalleryPage, memberSimilar } from '@server/cache/member-views';
import { idParam } from '@server/http/route-params';
import { route, type RoutePolicy } from '@server/http/route-policy';
import { jsonInput, queryInput } from '@server/http/validate';
import { serveFile } from '@server/media/serve-file';
import { addComment, listComments } from '@server/services/comments.service';
import { getCreative, getDownload } from '@server/services/creatives/creative.service';
import { facetCounts } from '@server/services/creatives/facets.service';
import { getHighlights, listGallery } from '@server/services/creatives/gallery.service';
import { feature, review } from '@server/services/creatives/review.service';
import { checkMayOpen, readSimilarSource, similarTo } from '@server/services/creatives/similar.service';
import { suggest } from '@server/services/creatives/suggestions.service';
import { deleteCreative, submitCreative, updateCreative } from '@server/services/creatives/submission.service';
import { checkDuplicates } from '@server/services/creatives/duplicates.service';
import { withCreativeForm, withUploadedMedia } from './creative-form';

/** Submitting a creative, and checking a file before (it is uploaded too): an upload's cost and no deadline. */
const submission: RoutePolicy = {
  permission: 'creative:submit',
  signedOutMessage: MSG.mustBeLoggedToSubmit,
  budget: 'submission',
  deadline: 'none',
};
/** A staff decision on a creative, seen by everyone. */
const staff: RoutePolicy = { budget: 'staff', invalidates: 'shared views' };

/** The `:id` of these routes: a creative's. */
const creativeId = (c: Context) => idParam(c, 'id', MSG.creativeNotFound);

/** The gallery and one creative: reading, likes, download, comments; submit, edit, delete, review, feature. */
export function creativesRoutes(deps: Deps) {
  const { db } = deps;
  // Visitors' reads of these views come from the shared response cache when it holds them.
  const shared = route(deps, { cache: 'visitors' });
  return (
    new Hono<AppEnv>()
      .get('/', shared, queryInput(galleryQueryInput), async (c) => {
        const viewer = c.get('user');
        const query = c.req.valid('query');
        return c.json(
          viewer
            ? await memberGalleryPage(deps, c, viewer, query)
            : await listGallery(db, null, query, deps.caches.catalogue, deps.limits.expensiveQueries.guard),
        );
      })
      // Counts of the filter dialog: the catalogue's in memory, a search's from its matches (cached like the gallery).
      .get('/facets', route(deps, { cache: 'analysis access' }), queryInput(facetsQueryInput), async (c) => {
        const withAnalysis = can(c.get('user')?.role, 'creative:read-analysis');
        const query = c.req.valid('query');
        return c.json(await facetCounts(db, deps.caches.catalogue, withAnalysis, query, deps.limits.expensiveQueries.guard));
      })
      .get('/highlights', shared, async (c) => c.json(await getHighlights(db, c.get('user'))))
      // Before '/:id', which would take 'suggestions' for an id.
      // The same for everyone (names, advertisers and tags of approved creatives; never the analysis).
      .get('/suggestions', route(deps, { cache: 'allowed' }), queryInput(suggestionQueryInput), async (c) =>
        c.json(await suggest(db, c.req.valid('query').q, deps.caches.catalogue)),
      )
      .get('/:id', shared, async (c) => c.json(await getCreative(db, c.get('user'), creativeId(c))))
      .get('/:id/similar', shared, async (c) => {
        const viewer = c.get('user');
        if (viewer) return c.json(await memberSimilar(deps, c, viewer, creativeId(c)));
        const source = await readSimilarSource(db, creativeId(c), deps.caches.catalogue);
        checkMayOpen(source, null);
        return c.json(await similarTo(db, source, { withAnalysis: false }, deps.caches.catalogue));
      })

      .post('/:id/like', route(deps, { permission: 'creative:like', budget: 'like', invalidates: 'shared views' }), async (c) =>
        c.json(await deps.likes.set(currentUser(c).id, creativeId(c), true)),
      )
      .delete('/:id/like', route(deps, { permission: 'creative:like', budget: 'like', invalidates: 'shared views' }), async (c) =>
        c.json(await deps.likes.set(currentUser(c).id, creativeId(c), false)),
      )

      .get('/:id/download', route(deps, { permission: 'creative:download' }), async (c) => {
        const file = await getDownload(db, currentUser(c), creativeId(c));
        return serveFile(c, deps.media.store, file.mediaName, file.contentType, {
          downloadName: downloadFileName(file.name, file.contentType),
        });
      })

      .get('/:id/comments', shared, queryInput(pageQuery), async (c) =>
        c.json(await listComments(db, c.get('user'), creativeId(c), c.req.valid('query'), deps.caches.catalogue)),
      )
      .post(
        '/:id/comments',
        route(deps, { permission: 'comment:create', budget: 'comment', invalidates: 'shared views' }),
        jsonInput(commentInput),
        async (c) => {
          const { text } = c.req.valid('json');
          return c.json(await addComment(deps, currentUser(c), creativeId(c), text), 201);
        },
      )

      .post('/', route(deps, { ...submission, invalidates: 'shared views' }), (c) =>
        withCreativeForm(c, deps, { mediaRequired: true }, async (input, file) =>
          c.json(await submitCreative(deps, currentUser(c), input, file!), 201),
        ),
      )
      // Before sending (issue 18): does the chosen file seem to be there already? The file is streamed to
      // a temp file, fingerprinted and removed; nothing is stored.
      .post('/duplicates', route(deps, { ...submission, invalidates: 'nothing' }), (c) =>
        withUploadedMedia(c, deps, async (file) => c.json(await checkDuplicates(deps, currentUser(c), file))),
      )
      .patch(
        '/:id',
        route(deps, { permission: 'creative:update', budget: 'submission', deadline: 'none', invalidates: 'shared views' }),
        (c) => {
          const id = creativeId(c); // before the form, whose media would otherwise be streamed to disk for nothing
          return withCreativeForm(c, deps, { mediaRequired: false }, async (input, file) =>
            c.json(await updateCreative(deps, currentUser(c), id, input, file)),
          );
        },
      )
      .delete('/:id', route(deps, { ...staff, permission: 'creative:delete' }), async (c) => {
        await deleteCreative(deps, creativeId(c));
        return c.json({ ok: true });
      })

      .post('/:id/approve', route(deps, { ...staff, permission: 'creative:review' }), async (c) =>
        c.json(await review(deps, currentUser(c), creativeId(c), 'approve')),
      )
      .post('/:id/reject', route(deps, { ...staff, permission: 'creative:review' }), jsonInput(rejectionInput), async (c) => {
        const { reason } = c.req.valid('json');
        return c.json(await review(deps, currentUser(c), creativeId(c), 'reject', reason));
      })
      .post('/:id/feature', route(deps, { ...staff, permission: 'creative:feature' }), jsonInput(featureInput), async (c) =>
        c.json(await feature(deps, currentUser(c), creativeId(c), c.req.valid('json'))),
      )
  );
}
