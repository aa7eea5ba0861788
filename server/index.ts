import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createOcrAnalyser } from './analysis/ocr/ocr-analyser';
import { startJobQueue } from './analysis/queue/job-queue';
import { startMediaAnalysis, type MediaAnalysis } from './analysis/queue/media-analysis';
import { toleratesQueueWriteFailures } from './analysis/queue/unawaited-writes';
import { createApp } from './app';
import { resolveAuthSecret } from './auth/secret';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-lock';
import { seedIfEmpty } from './db/seed';
import { withStartupLock } from './db/startup-lock';
import { buildDeps } from './deps/build-deps';
import { parseEnv, toConfig } from './env';
import type { Deps } from './http/context';
import { configureLogging, logger } from './log';
import { describeMediaTools } from './media/media-tools';
import { sweepTempEvery } from './media/store';
import { recordedMediaFiles } from './services/media.service';
import { startControlServer, type ControlServer } from './ops/control-server';
import { isWorkersPrimary, runWebWorkers, workerLogFields } from './ops/web-workers';
import { serverPaths } from './paths';
import { RedisLink } from './redis/redis-link';
import { loadPageRenderer } from './render/load-renderer';

/** How long in-flight requests may run on after a stop signal before their connections are cut. */
const GRACE_MS = 10_000;
/** After the cut, time left to handlers to clean up (an interrupted upload removes its temp file). */
const CLEANUP_MS = 3_000;
/** How long the start waits for Redis before serving anyway (commands then fail fast until it answers). */
const REDIS_START_WAIT_MS = 5_000;
/** How often temp files left by failed writes are looked for while the server runs (besides start-up). */
const TEMP_SWEEP_MS = 10 * 60 * 1000;

async function main() {
  const env = parseEnv();
  configureLogging({ level: env.LOG_LEVEL, pretty: process.stdout.isTTY, bindings: workerLogFields() });
  process.on('unhandledRejection', toleratesQueueWriteFailures);
  const config = toConfig(env);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (isWorkersPrimary(env.WEB_WORKERS)) {
    const authSecret = resolveAuthSecret(env.AUTH_SECRET, config.dataDir);
    return runWebWorkers({ count: env.WEB_WORKERS, authSecret, mediaReaders: env.MEDIA_ANALYSIS_WORKERS });
  }
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  process.on('exit', unlock);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : path.join(config.dataDir, 'db'),
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
  });
  // The media-analysis queue lives in the database (pg-boss, docs/decisions/028-job-queue.md): started
  // before the services that queue jobs; its workers once they are built. Instances starting together
  // create its schema and queue one at a time: pg-boss's create_queue deadlocks when two race.
  const queue = await withStartupLock(env.DATABASE_URL, () => startJobQueue({ sql: database.sql, sole: database.kind === 'pglite' }));
  const redis = env.REDIS_URL ? new RedisLink({ url: env.REDIS_URL, prefix: env.REDIS_PREFIX }) : null;
  if (redis && !(await redis.waitUntilReady(REDIS_START_WAIT_MS))) {
    logger.warn('redis: injoignable au démarrage ; le serveur démarre, connexion en arrière-plan (connexion refusée en attendant)');
  }
  const deps = buildDeps({
    db: database.db,
    config,
    secret: resolveAuthSecret(env.AUTH_SECRET, config.dataDir),
    poolStats: database.poolStats,
    capacity: database.capacity,
    redis,
    analysis: queue,
  });
  const workers = env.MEDIA_ANALYSIS_WORKERS;
  const analysis = await startMediaAnalysis(deps, queue, workers > 0 ? createOcrAnalyser({ workers }) : null);
  logger.info(`analyse des médias : ${workers > 0 ? `${workers} fil(s) de lecture` : 'mise en file seulement (MEDIA_ANALYSIS_WORKERS=0)'}`);
  // PGlite: only this process may open the database, so `npm run backup` asks it over a Unix socket.
  const control =
    database.kind === 'pglite'
      ? await startControlServer({ dataDir: config.dataDir, db: database.db, media: deps.media.store, kind: database.kind })
      : null;
  logger.info(`media: ${describeMediaTools(deps.media.tools, env)}`);
  logger.info(`media: ${deps.media.store.kind} (${deps.media.store.location})`);
  // Stale staged files are settled against the media rows: promoted when recorded, removed otherwise.
  const recorded = recordedMediaFiles(database.db);
  const swept = await deps.media.store.sweepTemp({ recorded });
  if (swept) logger.info(`media: ${swept} fichier(s) temporaire(s) abandonné(s) traité(s)`);
  const stopTempSweep = sweepTempEvery(
    deps.media.store,
    TEMP_SWEEP_MS,
    (result) =>
      result instanceof Error
        ? logger.warn({ err: result }, 'media: nettoyage des fichiers temporaires impossible')
        : logger.info(`media: ${result} fichier(s) temporaire(s) abandonné(s) traité(s)`),
    { recorded },
  );
  // Instances starting together on one PostgreSQL database seed it once (startup-lock.ts).
  if (env.SEED === 'demo') await withStartupLock(env.DATABASE_URL, () => seedIfEmpty(deps));

  const app = createApp(deps, { distDir: serverPaths.dist, renderer: await loadPageRenderer(serverPaths.pageRenderer) });
  const inFlight = { count: 0 };
  const server = serve({ fetch: countInFlight(app.fetch, inFlight), hostname: config.host, port: config.port }, (info) => {
    const shared = redis ? `, redis : ${redis.prefix}` : '';
    logger.info(`Créathèque prête sur http://${config.host}:${info.port} (${database.kind}${shared}, données : ${config.dataDir})`);
    // The catalogue engine loads now; /api/ready says 'pending' until it has (server/services/readiness.ts).
    deps.caches.catalogue.start().catch((err: unknown) => logger.error({ err }, 'catalogue : chargement impossible'));
  }) as Server;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopTempSweep();
    logger.info(`${signal} reçu : arrêt en cours`);
    void gracefulStop(server, deps, database, inFlight, control, analysis).then(
      () => {
        logger.info('arrêt terminé');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'arrêt incomplet');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** Counts requests whose handler is still running (it may outlive its connection). */
function countInFlight<F extends Fetch>(fetch: F, inFlight: { count: number }): F {
  return (async (request: Request, ...rest: never[]) => {
    inFlight.count += 1;
    try {
      return await fetch(request, ...rest);
    } finally {
      inFlight.count -= 1;
    }
  }) as F;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

/**
 * Stop accepting connections, end the live event streams, let in-flight requests finish (at most
 * GRACE_MS, then their connections are cut and their handlers get CLEANUP_MS to undo partial work),
 * stop the media analysis (its running jobs end or are failed, to be retried), remove this process's
 * temp files, stop the backup channel, close Redis and the database.
 */
async function gracefulStop(
  server: Server,
  deps: Deps,
  database: Database,
  inFlight: { count: number },
  control: ControlServer | null,
  analysis: MediaAnalysis,
): Promise<void> {
  deps.ops.lifecycle.stopping = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  deps.events.pending.close();
  deps.events.notificationEvents.close();
  // Keep-alive connections become idle as their last request ends: close them as soon as they do.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const finished = await Promise.race([closed.then(() => true), sleep(GRACE_MS).then(() => false)]);
  clearInterval(idleSweep);
  if (!finished) {
    logger.warn(`requêtes encore en cours après ${GRACE_MS / 1000} s : connexions coupées`);
    server.closeAllConnections();
  }
  await until(() => inFlight.count === 0, CLEANUP_MS);
  await analysis.stop();
  // The next start resumes from the saved catalogue and the journal's rows since, instead of reading every creative.
  deps.caches.catalogue.close();
  deps.caches.catalogue.save();
  await deps.media.store.sweepTemp({ ownOnly: true });
  await control?.close();
  await deps.events.notifier.idle();
  await deps.outbound.mailer.close();
  await deps.ops.redis?.close();
  await database.close();
}

main().catch((err: unknown) => {
  logger.fatal({ err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});
