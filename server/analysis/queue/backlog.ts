import type { Db } from '@server/db/client';
import type { JobQueue } from './job-queue';
import { countUnanalysed, unanalysedBatches } from './unanalysed';

/** Creatives queued per round trip. */
const BATCH = 1000;
/** How often the progress is read (two counts in the database) while queuing and while the jobs run. */
const FOLLOW_MS = 1000;

export interface BacklogProgress {
  /** Creatives without a result when the run started. */
  total: number;
  /** How many of them have one now (or were deleted). */
  done: number;
  /** Queued so far by this run. */
  queued: number;
  /** Jobs still waiting, waiting for a retry or running (every instance). */
  pending: number;
}

/**
 * `npm run media:analyse`: queues every creative with a media and no result, BATCH at a time (the queue
 * skips those already waiting), then (`follow`) follows the jobs — run by this process's workers and any server's —
 * until none is left. Stopped and run again, it queues what is still without a result and goes on:
 * the state is in the database (media_analysed_at, the queue's table). A creative whose analysis failed
 * every attempt is still without a result at the end: `left` counts them, and a new run tries them again.
 */
export async function analyseBacklog(
  db: Db,
  queue: Pick<JobQueue, 'enqueueMany' | 'depth'>,
  onProgress: (progress: BacklogProgress) => void,
  options: { follow: boolean; signal?: AbortSignal; batch?: number },
): Promise<{ total: number; left: number; queued: number }> {
  const { signal } = options;
  const total = await countUnanalysed(db);
  const progress: BacklogProgress = { total, done: 0, queued: 0, pending: 0 };
  const read = async () => {
    const [left, depth] = await Promise.all([countUnanalysed(db), queue.depth()]);
    progress.done = Math.max(0, total - left);
    progress.pending = depth.created + depth.retry + depth.active;
    onProgress({ ...progress });
    return left;
  };
  // The counts cost more than a batch at 1M (a count over the creatives without result): read once a
  // FOLLOW_MS while queuing, the queued figure shown at every batch.
  let readAt = performance.now();
  for await (const ids of unanalysedBatches(db, options.batch ?? BATCH)) {
    if (signal?.aborted) break;
    await queue.enqueueMany(ids);
    progress.queued += ids.length;
    if (performance.now() - readAt < FOLLOW_MS) onProgress({ ...progress });
    else {
      await read();
      readAt = performance.now();
    }
  }
  let left = await read();
  while (options.follow && progress.pending > 0 && !signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
    left = await read();
  }
  return { total, left, queued: progress.queued };
}
