import { afterEach, describe, expect, it } from 'vitest';
import { analyseBacklog, type BacklogProgress } from '@server/analysis/queue/backlog';
import { startJobQueue, type JobQueue } from '@server/analysis/queue/job-queue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { pngBytes, submitCreative } from './helpers/uploads';

/**
 * `npm run media:analyse` (server/analysis/queue/backlog.ts) on creatives stored while no queue ran:
 * it queues every one without a result, reports its progress, stops when asked — saying how many it
 * queued — and a second run goes on from there. PGlite, and PostgreSQL with DATABASE_URL.
 */
let t: TestApp | undefined;
let queue: JobQueue | undefined;
afterEach(async () => {
  await queue?.stop();
  await t?.close();
  queue = t = undefined;
});

const waiting = async (q: JobQueue) => {
  const depth = await q.depth();
  return depth.created + depth.retry + depth.active;
};

describe('the backlog of media analyses', () => {
  it('queues what has no result, stops when asked, and a second run goes on', { timeout: 60_000 }, async () => {
    t = await createTestApp();
    const staff = await t.loginAs('specialist');
    for (let i = 0; i < 3; i++) await submitCreative(t, staff.cookie, await pngBytes(40 + i, 40), `pub-${i}.png`, 'image/png');
    queue = await startJobQueue({ sql: t.database.sql, sole: true });
    expect(await waiting(queue)).toBe(0);

    const stop = new AbortController();
    const seen: BacklogProgress[] = [];
    const first = await analyseBacklog(t.db, queue, (p) => (seen.push(p), p.queued >= 2 && stop.abort()), {
      follow: false,
      signal: stop.signal,
      batch: 2,
    });
    expect(first).toMatchObject({ total: 3, queued: 2, left: 3 });
    expect(seen.at(-1)).toMatchObject({ total: 3, queued: 2, pending: 2 });
    expect(await waiting(queue)).toBe(2);

    const second = await analyseBacklog(t.db, queue, () => {}, { follow: false, batch: 2 });
    // Every creative without a result is queued again; the two already waiting stay one job each.
    expect(second).toMatchObject({ total: 3, queued: 3 });
    expect(await waiting(queue)).toBe(3);
  });
});
