import PgBoss from 'pg-boss';
import type { SqlExecutor } from '@server/db/sql-executor';
import { logger } from '@server/log';
import { markedExecutor } from './unawaited-writes';

/** The queue of the media analysis: one job per creative, its id as the job's singleton key. */
export const MEDIA_ANALYSIS_QUEUE = 'media-analysis';

/** pg-boss's tables live in this schema, beside the app's (`public`, which the backups copy). */
const SCHEMA = 'pgboss';

/**
 * 'stately': per creative at most one job waiting (created or retry) and one running. A second request
 * while one waits is the same job (the handler reads the creative when it runs, so it sees the latest
 * media); a request while one runs (the media replaced meanwhile) waits for it, then runs again.
 */
const QUEUE_OPTIONS = {
  policy: 'stately',
  /** Attempts after the first, 10 s, 20 s, 40 s… apart (pg-boss's back-off, with jitter). */
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  /**
   * A running job not completed by then counts as failed (and is retried): a process killed in the middle
   * of a job leaves it running in the table, where another instance takes it again after this long.
   */
  expireInSeconds: 5 * 60,
  /** Completed and failed jobs are kept a day, then archived (pg-boss's maintenance). */
  retentionMinutes: 24 * 60,
} as const;

/** How often an idle worker looks for work (a job sent by this process wakes it at once). */
const POLL_SECONDS = 2;

/** Jobs inserted per statement when many are queued at once (npm run media:analyse). */
const INSERT_BATCH = 500;

export interface QueueDepth {
  created: number;
  retry: number;
  active: number;
}

export interface JobQueue {
  /** Queues the analysis of one creative; nothing when one already waits. */
  enqueue(creativeId: string): Promise<void>;
  /** Queues many at once (the ones already waiting are skipped). */
  enqueueMany(creativeIds: readonly string[]): Promise<void>;
  /** Jobs waiting, waiting for a retry, and running, over every instance. */
  depth(): Promise<QueueDepth>;
  /**
   * Runs `handle` for each job, `concurrency` at a time in this process. A handler that throws fails
   * the attempt (retried later with back-off, up to the limit); one that returns completes the job.
   */
  work(concurrency: number, handle: (creativeId: string) => Promise<void>): Promise<void>;
  /** Stops taking jobs, waits (at most `timeoutMs`) for the running ones, and stops pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
}

interface JobData {
  creativeId: string;
}

/**
 * Starts pg-boss on the server's database (its tables are made or migrated at the first start) and the
 * media-analysis queue. `sole`: this process is the only one that can open the database (PGlite), so a
 * job left running by a previous process (killed) is failed now — retried at once — instead of after
 * its expiry; on PostgreSQL another instance may be running it.
 */
export async function startJobQueue(options: {
  sql: SqlExecutor;
  sole: boolean;
  /** The first retry's delay (then doubled at each attempt); tests shorten it. */
  retryDelaySeconds?: number;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: markedExecutor(options.sql),
    schema: SCHEMA,
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err: Error) => logger.warn({ err }, "file d'attente : erreur de pg-boss"));
  await boss.start();
  // Made once; an upgrade that changes the options applies them to the queue kept in the database.
  const queueOptions = { name: MEDIA_ANALYSIS_QUEUE, ...QUEUE_OPTIONS, retryDelay: options.retryDelaySeconds ?? QUEUE_OPTIONS.retryDelay };
  if (await boss.getQueue(MEDIA_ANALYSIS_QUEUE)) await boss.updateQueue(MEDIA_ANALYSIS_QUEUE, queueOptions);
  else await boss.createQueue(MEDIA_ANALYSIS_QUEUE, queueOptions);
  if (options.sole) await failOrphans(boss, options.sql);
  const workerIds: string[] = [];
  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  return {
    async enqueue(creativeId) {
      await boss.send(MEDIA_ANALYSIS_QUEUE, { creativeId } satisfies JobData, { singletonKey: creativeId });
      wake();
    },
    async enqueueMany(creativeIds) {
      for (let i = 0; i < creativeIds.length; i += INSERT_BATCH) {
        const jobs = creativeIds
          .slice(i, i + INSERT_BATCH)
          .map((creativeId) => ({ data: { creativeId } satisfies JobData, singletonKey: creativeId }));
        await boss.insert(jobs.map((job) => ({ name: MEDIA_ANALYSIS_QUEUE, ...job })));
      }
      wake();
    },
    depth: () => queueDepth(options.sql),
    async work(concurrency, handle) {
      for (let i = 0; i < concurrency; i++) {
        const id = await boss.work<JobData>(MEDIA_ANALYSIS_QUEUE, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => {
          if (job) await handle(job.data.creativeId);
        });
        workerIds.push(id);
      }
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}

/** Jobs of the queue still running in the table when no other process can be running them. */
async function failOrphans(boss: PgBoss, sql: SqlExecutor): Promise<void> {
  const { rows } = await sql.executeSql(`SELECT id FROM ${SCHEMA}.job WHERE name = $1 AND state = 'active'`, [MEDIA_ANALYSIS_QUEUE]);
  const ids = rows.map((row) => String(row.id));
  if (ids.length === 0) return;
  // pg-boss's fail() of several jobs takes no reason; each becomes a retry (or failed, past the limit).
  await boss.fail(MEDIA_ANALYSIS_QUEUE, ids);
  logger.info(`file d'attente : ${ids.length} analyse(s) interrompue(s) par l'arrêt précédent reprise(s)`);
}

/**
 * The queue's depth by state. Read from pg-boss's table through the index it keeps for the 'stately'
 * policy (name, state, singleton key, on the rows up to 'active'): never a scan of the completed jobs.
 */
async function queueDepth(sql: SqlExecutor): Promise<QueueDepth> {
  const { rows } = await sql.executeSql(
    `SELECT state::text AS state, count(*)::int AS n FROM ${SCHEMA}.job
      WHERE name = $1 AND state <= 'active' AND policy = 'stately' GROUP BY state`,
    [MEDIA_ANALYSIS_QUEUE],
  );
  const depth: QueueDepth = { created: 0, retry: 0, active: 0 };
  for (const row of rows) {
    const state = String(row.state);
    if (state === 'created' || state === 'retry' || state === 'active') depth[state] = Number(row.n);
  }
  return depth;
}
