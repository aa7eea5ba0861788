import type { AnalyseResult, AnalyseTask, MediaAnalyser } from '@server/analysis/media-analyser';

/**
 * A MediaAnalyser for the queue's own tests: `read` decides what each task gives (a text, a failure, a
 * wait on a promise the test holds). It counts the tasks running at once, per file, to check that one
 * creative's media is never read twice at the same time.
 */
export interface ScriptedAnalyser extends MediaAnalyser {
  readonly tasks: AnalyseTask[];
  /** The largest number of tasks seen running at once. */
  readonly mostAtOnce: number;
  closed: boolean;
}

export function scriptedAnalyser(read: (task: AnalyseTask, attempt: number) => Promise<AnalyseResult>, workers = 1): ScriptedAnalyser {
  let running = 0;
  let completed = 0;
  const analyser: ScriptedAnalyser = {
    tasks: [],
    mostAtOnce: 0,
    closed: false,
    workers,
    async analyse(task) {
      analyser.tasks.push(task);
      running += 1;
      (analyser as { mostAtOnce: number }).mostAtOnce = Math.max(analyser.mostAtOnce, running);
      try {
        return await read(task, analyser.tasks.length);
      } finally {
        running -= 1;
        completed += 1;
      }
    },
    stats: () => ({ running, queued: 0, completed }),
    async close() {
      analyser.closed = true;
    },
  };
  return analyser;
}

/** What an image with this text gives. */
export const readText = (text: string): AnalyseResult => ({ text, durationMs: null, frames: 1 });
