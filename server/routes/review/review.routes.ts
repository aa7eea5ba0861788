import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { reviewListQuery } from '@domain/schemas/creative';
import { requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { sharedOnceAllowed } from '@server/http/response-cache';
import { queryInput } from '@server/http/validate';
import { countByStatus, listByStatus } from '@server/services/creatives/review.service';

const HEARTBEAT_MS = 25_000;

/**
 * The validation queue (specialist, admin) and its live pending count. The queue pages and the
 * counts are the same for every member of the staff: shared through the response cache once the
 * permission is checked (every submission, decision or edit empties it).
 */
export function reviewRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requirePermission('creative:review'))
    .get('/creatives', sharedOnceAllowed(deps), queryInput(reviewListQuery), async (c) => {
      const { status, cursor } = c.req.valid('query');
      return c.json(await listByStatus(deps.db, { status, cursor }));
    })
    .get('/counts', sharedOnceAllowed(deps), async (c) => c.json(await countByStatus(deps.db)))
    .get('/events', (c) =>
      streamSSE(c, async (stream) => {
        let id = 0;
        const send = (count: number) => stream.writeSSE({ event: 'pending', data: String(count), id: String(++id) });
        const unsubscribe = deps.pending.subscribe((count) => void send(count));
        stream.onAbort(unsubscribe);
        await send(await deps.pending.count());
        while (!stream.aborted && !deps.pending.isClosed) {
          await Promise.race([stream.sleep(HEARTBEAT_MS), deps.pending.closed]);
          if (!stream.aborted && !deps.pending.isClosed) await stream.write(': keep-alive\n\n');
        }
        unsubscribe();
        await stream.close();
      }),
    );
}
