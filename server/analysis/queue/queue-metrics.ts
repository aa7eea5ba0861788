import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { MediaAnalyser } from '../media-analyser';
import type { AnalyseOutcome } from './analyse-creative';
import type { JobQueue } from './job-queue';

/**
 * The media analysis in /api/metrics: the queue's depth over every instance (read from the database at
 * each scrape), this process's job durations and failed attempts, and its analyser's threads.
 */
export function registerAnalysisMetrics(registry: Registry, sources: { queue: JobQueue; analyser: MediaAnalyser | null }) {
  new Gauge({
    name: 'media_analysis_jobs',
    help: 'Media-analysis jobs waiting (created), waiting for a retry (retry) and running (active), all instances',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const depth = await sources.queue.depth();
      for (const state of ['created', 'retry', 'active'] as const) this.set({ state }, depth[state]);
    },
  });
  const durations = new Histogram({
    name: 'media_analysis_job_duration_seconds',
    help: 'Time to run one media-analysis job in this process, by outcome (written, stale, gone, no media, error)',
    labelNames: ['outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'media_analysis_failures_total',
    help: 'Media-analysis attempts that failed in this process (each is retried with back-off up to the limit)',
    registers: [registry],
  });
  const { analyser } = sources;
  if (analyser) {
    new Gauge({
      name: 'media_analyser_tasks',
      help: "The analyser's tasks of this process: reading now (running), waiting for a thread (queued)",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = analyser.stats();
        this.set({ state: 'running' }, stats.running);
        this.set({ state: 'queued' }, stats.queued);
      },
    });
    new Counter({
      name: 'media_analyser_completed_total',
      help: 'Media read by the analyser of this process since it started',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(analyser.stats().completed);
      },
    });
    new Gauge({
      name: 'media_analyser_workers',
      help: 'Worker threads of the analyser of this process (MEDIA_ANALYSIS_WORKERS)',
      registers: [registry],
      collect() {
        this.set(analyser.workers);
      },
    });
  }
  return {
    observe(seconds: number, outcome: AnalyseOutcome | 'error') {
      durations.observe({ outcome }, seconds);
      if (outcome === 'error') failures.inc();
    },
  };
}
