import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Deps } from '../http/context';
import { serverPaths } from '../paths';

export type CheckResult = 'ok' | 'failed' | 'pending' | 'stopping';

export interface Readiness {
  ready: boolean;
  /** `redis` only when REDIS_URL is set. */
  checks: {
    database: CheckResult;
    migrations: CheckResult;
    media: CheckResult;
    redis?: CheckResult;
    /** The catalogue engine has loaded the approved catalogue into memory. */
    catalogue: CheckResult;
    server: CheckResult;
  };
}

/** How long a readiness probe waits for the catalogue's load (which it starts if nothing has). */
const CATALOGUE_WAIT_MS = 1_000;

/** 'ok' once the catalogue engine has loaded; the probe starts the load if the server has not yet. */
async function catalogueLoaded(catalogue: Deps['caches']['catalogue']): Promise<CheckResult> {
  if (catalogue.ready) return 'ok';
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('pending'), CATALOGUE_WAIT_MS);
  });
  try {
    return await Promise.race([
      catalogue.start().then(
        (): CheckResult => 'ok',
        (): CheckResult => 'failed',
      ),
      pending,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A Redis that takes longer than this to answer PING counts as failed. */
const REDIS_PING_TIMEOUT_MS = 1_000;

/** Number of migrations this code ships (server/db/migrations/meta/_journal.json). */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(serverPaths.migrations, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function migrationsApplied(deps: Deps, expected: number): Promise<CheckResult> {
  const result = await deps.db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { applied: number }[] }).rows) as { applied: number }[];
  return (rows[0]?.applied ?? 0) >= expected ? 'ok' : 'pending';
}

const settle = (work: Promise<CheckResult>): Promise<CheckResult> => work.catch(() => 'failed');

async function redisAnswers(redis: NonNullable<Deps['ops']['redis']>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('failed'), REDIS_PING_TIMEOUT_MS);
  });
  try {
    // The subscription matters as much as the commands: without it, this instance misses the others' events.
    return await Promise.race([redis.commands.ping().then(() => (redis.listening ? 'ok' : 'failed')), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should receive traffic: the database answers, every migration of this
 * code is applied, the media store accepts a write, Redis answers (when configured), and the
 * server is not stopping.
 */
export async function checkReadiness(deps: Deps, expectedMigrations: number): Promise<Readiness> {
  const [database, migrations, media, redis, catalogue] = await Promise.all([
    settle(deps.db.execute(sql`select 1`).then(() => 'ok' as const)),
    settle(migrationsApplied(deps, expectedMigrations)),
    settle(deps.media.store.probe().then(() => 'ok' as const)),
    deps.ops.redis ? settle(redisAnswers(deps.ops.redis)) : undefined,
    catalogueLoaded(deps.caches.catalogue),
  ]);
  const server: CheckResult = deps.ops.lifecycle.stopping ? 'stopping' : 'ok';
  const checks = { database, migrations, media, ...(redis ? { redis } : {}), catalogue, server };
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}
