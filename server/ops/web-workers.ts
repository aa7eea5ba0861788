import cluster, { type Worker } from 'node:cluster';
import { logger } from '../log';

/** A worker that ends on its own after it served is started again after this delay. */
const RESTART_DELAY_MS = 1_000;
/** Workers still running this long after a stop signal are killed (each stops within ~13 s: index.ts). */
const STOP_TIMEOUT_MS = 30_000;

/** The fields of a worker's log lines: its number (node:cluster's, counting restarts); none outside workers. */
export const workerLogFields = (): { worker: number } | undefined => (cluster.worker ? { worker: cluster.worker.id } : undefined);

/** True in the process that should fork the workers instead of serving (WEB_WORKERS > 1). */
export const isWorkersPrimary = (count: number): boolean => count > 1 && cluster.isPrimary;

export interface WebWorkersOptions {
  count: number;
  /** Set in every worker's environment: the session secret the primary resolved, so that all sign alike. */
  authSecret: string;
  /** MEDIA_ANALYSIS_WORKERS: the first worker runs the media readers, the others only queue analyses. */
  mediaReaders: number;
}

/**
 * The primary process of WEB_WORKERS > 1: forks `count` server processes (each runs index.ts's whole
 * server) that accept on one port, node:cluster handing the connections out in turn, so one machine's
 * cores share the requests. They keep their caches and catalogue engines in step through Redis, as
 * several instances do (docs/several-instances.md). A worker that ends after it served is started
 * again; one that ends before it ever listened stops everything (a bad setting fails on every
 * worker). SIGINT or SIGTERM reaches each worker, which stops gracefully; the primary exits when all
 * have, with 1 if a worker failed.
 */
export function runWebWorkers(options: WebWorkersOptions): void {
  let stopping = false;
  let failed = false;
  const slots: (Worker | null)[] = Array.from({ length: options.count }, () => null);

  const fork = (slot: number) => {
    const worker = cluster.fork({
      AUTH_SECRET: options.authSecret,
      MEDIA_ANALYSIS_WORKERS: String(slot === 0 ? options.mediaReaders : 0),
    });
    slots[slot] = worker;
    let served = false;
    worker.once('listening', () => (served = true));
    worker.once('exit', (code, signal) => {
      slots[slot] = null;
      if (stopping) return finishWhenAllStopped();
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!served) {
        logger.fatal(`processus de service ${slot + 1} arrêté avant d'être prêt (${how}) : arrêt`);
        failed = true;
        return stop('échec au démarrage');
      }
      logger.error(`processus de service ${slot + 1} arrêté (${how}) : relancé dans ${RESTART_DELAY_MS / 1000} s`);
      setTimeout(() => !stopping && fork(slot), RESTART_DELAY_MS);
    });
  };

  const finishWhenAllStopped = () => {
    if (slots.some((w) => w !== null)) return;
    logger.info('arrêt terminé (tous les processus de service)');
    process.exit(failed ? 1 : 0);
  };

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason} : arrêt des ${options.count} processus de service`);
    for (const worker of slots) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of slots) worker?.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
    finishWhenAllStopped();
  };

  process.on('SIGINT', () => stop('SIGINT reçu'));
  process.on('SIGTERM', () => stop('SIGTERM reçu'));
  logger.info(`${options.count} processus de service sur ce port (WEB_WORKERS)`);
  for (let slot = 0; slot < options.count; slot++) fork(slot);
}
