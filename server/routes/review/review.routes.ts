import { Hono } from 'hono';
import { reviewListQuery } from '@domain/schemas/creative';
import type { AppEnv, Deps } from '@server/http/context';
import { liveCountStream } from '@server/http/delivery/live-count-stream';
import { route } from '@server/http/route-policy';
import { queryInput } from '@server/http/validate';
import { countByStatus, listByStatus } from '@server/services/creatives/review.service';

/**
 * The validation queue (specialist, admin) and its live pending count. The queue pages and the
 * counts are the same for every member of the staff: shared through the response cache once the
 * permission is checked (every submission, decision or edit empties it).
 */
export function reviewRoutes(deps: Deps) {
  const shared = route(deps, { permission: 'creative:review', cache: 'allowed' });
  return new Hono<AppEnv>()
    .get('/creatives', shared, queryInput(reviewListQuery), async (c) => {
      const { status, cursor } = c.req.valid('query');
      return c.json(await listByStatus(deps.db, { status, cursor }));
    })
    .get('/counts', shared, async (c) => c.json(await countByStatus(deps.db)))
    .get('/events', route(deps, { permission: 'creative:review' }), (c) =>
      liveCountStream(c, deps, {
        event: 'pending',
        channel: deps.events.pending,
        count: () => deps.events.pending.count(),
        subscribe: (listener) => deps.events.pending.subscribe(listener),
      }),
    );
}
