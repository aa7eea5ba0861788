/**
 * npm run media:analyse [-- --queue-only]
 * Queues the media analysis (OCR, a video's length: server/analysis) of every creative that has a media
 * and no result yet — those stored before the analysis existed, or whose jobs failed every attempt — and
 * runs the jobs, with a progress bar (done / total, rate, time left). Reads DATA_DIR and DATABASE_URL the
 * way the server does, and MEDIA_ANALYSIS_WORKERS for its threads.
 * - PGlite (the embedded default) opens in one process only: stop the server first; this command then
 *   runs every job itself.
 * - PostgreSQL: it can run beside the servers; its workers take jobs with theirs (pg-boss shares them out).
 *   `--queue-only` queues and exits, leaving the jobs to the servers.
 * Interrupted (Ctrl-C), it stops taking jobs, lets the running ones end, and exits; run again, it goes on
 * with what is still without a result.
 */
import path from 'node:path';
import { createOcrAnalyser } from '../analysis/ocr/ocr-analyser';
import { analyseBacklog, type BacklogProgress } from '../analysis/queue/backlog';
import { runAnalysisWorkers } from '../analysis/queue/analysis-worker';
import { startJobQueue } from '../analysis/queue/job-queue';
import { toleratesQueueWriteFailures } from '../analysis/queue/unawaited-writes';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { withStartupLock } from '../db/startup-lock';
import { mediaStoreOf } from '../media/media-store-of';
import { resolveMediaTools } from '../media/media-tools';
import { errorMessage, fail, loadCommandEnv } from './cli-output';
import { number, progressLine } from './progress-line';

/** Without a terminal (a log file, CI), one progress line every this often instead of one redrawn line. */
const PLAIN_EVERY_MS = 10_000;

async function main() {
  const args = process.argv.slice(2);
  if (args.some((a) => a === '--help' || a === '-h')) {
    process.stdout.write('Usage : npm run media:analyse [-- --queue-only]\n');
    return;
  }
  const queueOnly = args.includes('--queue-only');
  process.on('unhandledRejection', toleratesQueueWriteFailures);
  const { env, dataDir } = loadCommandEnv();
  if (queueOnly && !env.DATABASE_URL)
    fail('--queue-only demande PostgreSQL (DATABASE_URL) : avec PGlite, aucun serveur ne peut tourner en même temps que cette commande');
  // PGlite: refuses to run beside a server on the same DATA_DIR (the lock says which process).
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'db') });
  // Beside starting servers: one at a time creates the queue (server/index.ts).
  const queue = await withStartupLock(env.DATABASE_URL, () => startJobQueue({ sql: database.sql, sole: database.kind === 'pglite' }));
  const analyser = queueOnly ? null : createOcrAnalyser({ workers: Math.max(1, env.MEDIA_ANALYSIS_WORKERS) });
  const stop = new AbortController();
  process.once('SIGINT', () => {
    process.stdout.write('\nArrêt demandé : les analyses en cours se terminent…\n');
    stop.abort();
  });
  try {
    if (analyser) {
      await runAnalysisWorkers(queue, {
        db: database.db,
        store: mediaStoreOf({ env, dataDir }),
        ffmpeg: resolveMediaTools(env).ffmpeg,
        analyser,
        // No cache to tell here: the servers' catalogue engines read the journal the results write.
        onWritten: async () => {},
      });
    }
    const started = performance.now();
    const show = progressPrinter(started, queueOnly);
    const result = await analyseBacklog(database.db, queue, show, { follow: !queueOnly, signal: stop.signal });
    process.stdout.write('\n');
    if (queueOnly && stop.signal.aborted)
      process.stdout.write(
        `Interrompu : ${number(result.queued)} créative(s) mise(s) en file sur ${number(result.total)} ; relancez la commande pour mettre les autres en file.\n`,
      );
    else if (queueOnly) process.stdout.write(`${number(result.queued)} créative(s) mise(s) en file : les serveurs les analysent.\n`);
    else if (stop.signal.aborted)
      process.stdout.write(`Interrompu : ${number(result.left)} créative(s) encore sans analyse ; relancez la commande pour continuer.\n`);
    else {
      process.stdout.write(
        `Analyse terminée : ${number(result.total - result.left)} créative(s) analysée(s)` +
          (result.left ? `, ${number(result.left)} en échec après tous les essais (relancez la commande pour les réessayer)` : '') +
          '.\n',
      );
    }
  } finally {
    await queue.stop();
    await analyser?.close();
    await database.close();
    unlock();
  }
}

/** The progress: one line redrawn in a terminal, else a line every PLAIN_EVERY_MS. */
function progressPrinter(started: number, queueOnly: boolean) {
  let printedAt = 0;
  return (progress: BacklogProgress) => {
    const done = queueOnly ? progress.queued : progress.done;
    const line = progressLine({ done, total: progress.total, elapsedMs: performance.now() - started });
    if (process.stdout.isTTY) {
      process.stdout.write(`\r${line}\x1b[K`);
    } else if (performance.now() - printedAt >= PLAIN_EVERY_MS || done >= progress.total) {
      printedAt = performance.now();
      process.stdout.write(`${line}\n`);
    }
  };
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`analyse des médias impossible : ${errorMessage(err)}`),
);
