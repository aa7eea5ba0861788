import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../process-alive';

/**
 * The pid written by lockDataDir (server/db/data-lock.ts) into DATA_DIR/server.lock, when that
 * process is alive: a PGlite server owns the data directory and nobody else may open its database.
 * A stale lock (its process is gone) answers null, like lockDataDir, which then takes it over.
 */
export function liveLockHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return isAlive(pid) ? pid : null;
}
