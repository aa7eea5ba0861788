/**
 * Where the bench data lives: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db
 * (as the server does). DATA_DIR defaults to bench/.data rather than the app's ./data, so a bench
 * run never touches a developer's library. Media files go to DATA_DIR/media in both cases; the
 * load test starts the server with the same DATA_DIR so the card URLs resolve.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const projectRoot = path.dirname(benchDir);

export interface BenchTarget {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite directory (DATA_DIR/db), undefined on PostgreSQL. */
  pgliteDir: string | undefined;
  /** For reports: the database name or the PGlite folder, never a password. */
  label: string;
}

export function benchTarget(env: NodeJS.ProcessEnv = process.env): BenchTarget {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR?.trim() || path.join(benchDir, '.data'));
  const label = databaseUrl ? `postgres ${new URL(databaseUrl).pathname.slice(1)}` : `pglite ${path.join(dataDir, 'db')}`;
  return { databaseUrl, dataDir, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'db'), label };
}
