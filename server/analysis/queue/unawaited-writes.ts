import type { SqlExecutor } from '@server/db/sql-executor';
import { logger } from '@server/log';

/** Marks a failed statement of the job queue: pg-boss may have sent it without awaiting it. */
const FROM_QUEUE = Symbol('a statement of the job queue');

/**
 * pg-boss 10 (the last line that runs on Node 20) ends each job with `this.complete(…)` or
 * `this.fail(…)` unawaited (src/manager.js, the worker's onFetch): when the database is away at that
 * moment the statement's rejection is unhandled, and Node ends the process — a server lost for a
 * database blip, found by the fault drill (PostgreSQL stopped while a job ended). The job itself is
 * safe: left running in the table, it expires and runs again. So the queue's statements are marked
 * here, and the process lets such a rejection go with a warning (toleratesQueueWriteFailures).
 */
export function markedExecutor(sql: SqlExecutor): SqlExecutor {
  return {
    async executeSql(text, values) {
      try {
        return await sql.executeSql(text, values);
      } catch (err) {
        if (err instanceof Error) Object.defineProperty(err, FROM_QUEUE, { value: true });
        throw err;
      }
    },
  };
}

/**
 * The process's `unhandledRejection` listener: a failed statement of the job queue is logged; any other
 * rejection is thrown again, which ends the process as Node does without a listener.
 */
export function toleratesQueueWriteFailures(reason: unknown): void {
  if (reason instanceof Error && FROM_QUEUE in reason) {
    logger.warn({ err: reason }, "file d'attente : une écriture de pg-boss a échoué (la tâche expirera puis sera reprise)");
    return;
  }
  throw reason;
}
