import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from '../process-alive';

/**
 * Local temp files (DATA_DIR/media/.tmp) for whatever needs a real file, whatever the store's
 * driver: an upload streamed from the client, ffmpeg's remux, sharp's input, a copy read back from
 * S3. Named after this process, so a sweep can tell a crashed writer's file from a live one.
 */
export interface LocalTemp {
  readonly dir: string;
  /** A fresh temp path, in use — never swept — until discard() removes it (or finds it moved away). */
  path(): string;
  /** Removes a temp file (if it exists) and forgets it. */
  discard(file: string): Promise<void>;
  sweep(options?: { ownOnly?: boolean; olderThanMs?: number; dryRun?: boolean }): Promise<number>;
}

const TEMP_NAME = /^(\d+)-(\d+)-[0-9a-f]+\.part$/;
export const STALE_TEMP_MS = 60 * 60 * 1000;

export function createLocalTemp(dir: string): LocalTemp {
  /** Temp files handed out and not yet discarded: a write may still be going on. */
  const inUse = new Set<string>();
  // Made at the first use, not before: a command that only reads (backup) creates nothing.
  let made = false;
  return {
    dir,
    path() {
      if (!made) {
        fs.mkdirSync(dir, { recursive: true });
        made = true;
      }
      const file = path.join(dir, `${process.pid}-${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`);
      inUse.add(file);
      return file;
    },
    async discard(file) {
      await fsp.rm(file, { force: true });
      inUse.delete(file);
    },
    sweep: (options) => sweepTempDir(dir, inUse, options),
  };
}

/**
 * Why this never removes a file an upload is still writing: this process's writes are in `inUse`
 * from path() until discard(), and are skipped whatever their age (a slow client may take
 * long). Another process's writes cannot be seen, so its file is kept while that process lives and
 * wrote to it within `olderThanMs` (the modification time moves with every chunk). A file of this
 * process that is not in use was left behind (a bug, or a previous process that had the same pid):
 * it goes once it is that old too. `ownOnly` (at shutdown, no request in flight) removes this
 * process's files only; `dryRun` only counts.
 */
async function sweepTempDir(
  tmpDir: string,
  inUse: ReadonlySet<string>,
  options: { ownOnly?: boolean; olderThanMs?: number; dryRun?: boolean } = {},
): Promise<number> {
  const olderThan = options.olderThanMs ?? STALE_TEMP_MS;
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const entry of entries) {
    const file = path.join(tmpDir, entry);
    const pid = Number(TEMP_NAME.exec(entry)?.[1] ?? 0);
    if (options.ownOnly ? pid !== process.pid : inUse.has(file) || !(await isStale(file, pid, olderThan))) continue;
    if (!options.dryRun) await fsp.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

async function isStale(file: string, pid: number, olderThanMs: number): Promise<boolean> {
  if (!pid || (pid !== process.pid && !isAlive(pid))) return true;
  const stat = await fsp.stat(file).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs >= olderThanMs;
}
