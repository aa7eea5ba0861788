import type { Deps } from '@server/http/context';
import type { MediaAnalyser } from '../media-analyser';
import { runAnalysisWorkers } from './analysis-worker';
import type { JobQueue } from './job-queue';
import { registerAnalysisMetrics } from './queue-metrics';

/** How long a stop waits for the jobs running in this process before failing them (retried elsewhere or later). */
const STOP_WAIT_MS = 15_000;

export interface MediaAnalysis {
  /** Stops taking jobs, lets the running ones end (at most STOP_WAIT_MS), stops the analyser's threads. */
  stop(): Promise<void>;
}

/**
 * The media analysis of one server, once its Deps are built with the queue (`buildDeps({ analysis:
 * queue })`): its figures in /api/metrics, and its workers when this process has an analyser
 * (MEDIA_ANALYSIS_WORKERS > 0). A result written tells the caches and the catalogue engine at once.
 */
export async function startMediaAnalysis(deps: Deps, queue: JobQueue, analyser: MediaAnalyser | null): Promise<MediaAnalysis> {
  const metrics = deps.ops.metrics ? registerAnalysisMetrics(deps.ops.metrics.registry, { queue, analyser }) : null;
  if (analyser) {
    await runAnalysisWorkers(queue, {
      db: deps.db,
      store: deps.media.store,
      ffmpeg: deps.media.tools.ffmpeg,
      analyser,
      onWritten: () => deps.caches.invalidation.bump('responses'),
      observe: metrics?.observe,
    });
  }
  return {
    async stop() {
      await queue.stop(STOP_WAIT_MS);
      await analyser?.close();
    },
  };
}
