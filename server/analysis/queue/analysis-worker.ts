import { logger } from '@server/log';
import { analyseCreative, type AnalyseCreativeDeps, type AnalyseOutcome } from './analyse-creative';
import type { JobQueue } from './job-queue';

export interface AnalysisWorkerDeps extends AnalyseCreativeDeps {
  /** After a result is written: the caches and the catalogue engine read it (a 'responses' invalidation). */
  onWritten(creativeId: string): Promise<void>;
  /** Each job's duration and end, for /api/metrics (server/analysis/queue/queue-metrics.ts). */
  observe?(seconds: number, outcome: AnalyseOutcome | 'error'): void;
}

/**
 * Takes the media-analysis jobs in this process: as many at once as the analyser has worker threads,
 * so that a job never waits inside the process for a thread while another instance could run it.
 */
export async function runAnalysisWorkers(queue: JobQueue, deps: AnalysisWorkerDeps): Promise<void> {
  await queue.work(deps.analyser.workers, async (creativeId) => {
    const started = performance.now();
    try {
      const outcome = await analyseCreative(deps, creativeId);
      deps.observe?.((performance.now() - started) / 1000, outcome);
      if (outcome === 'written') await deps.onWritten(creativeId);
    } catch (err) {
      deps.observe?.((performance.now() - started) / 1000, 'error');
      logger.warn({ err, creativeId }, 'analyse du média : échec (nouvel essai plus tard)');
      throw err;
    }
  });
}
