import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Deps } from '../http/context';
import { serverPaths } from '../paths';

export type CheckResult = 'ok' | 'failed' | 'pending' | 'stopping';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; media: CheckResult; server: CheckResult };
}

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

/**
 * Whether this instance should receive traffic: the database answers, every migration of this
 * code is applied, the media store accepts a write, and the server is not stopping.
 */
export async function checkReadiness(deps: Deps, expectedMigrations: number): Promise<Readiness> {
  const [database, migrations, media] = await Promise.all([
    settle(deps.db.execute(sql`select 1`).then(() => 'ok' as const)),
    settle(migrationsApplied(deps, expectedMigrations)),
    settle(deps.media.probe().then(() => 'ok' as const)),
  ]);
  const server: CheckResult = deps.lifecycle.stopping ? 'stopping' : 'ok';
  const checks = { database, migrations, media, server };
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}
