import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@domain/errors';

/**
 * Media on disk under `root` (DATA_DIR/media). Names are bucket paths such as
 * `creatives/1732170000000-4f9a1c2b.png`. Every write goes to a temp file first and is renamed
 * into place only when complete, so a reader never sees half a file.
 */
export interface MediaStore {
  readonly root: string;
  pathOf(name: string): string;
  exists(name: string): Promise<boolean>;
  put(name: string, data: Buffer): Promise<void>;
  /** Moves a fully written temp file (same filesystem) into place; it is no longer in use. */
  adopt(name: string, tempPath: string): Promise<void>;
  remove(name: string): Promise<void>;
  /**
   * A fresh temp path inside the store, for streaming writes (named after this process). It is
   * in use — never swept — until adopt() moves it into place or discardTemp() removes it.
   */
  tempPath(): string;
  /** Removes a temp file (if it exists) and forgets it: every tempPath() ends here or in adopt(). */
  discardTemp(tempPath: string): Promise<void>;
  /** Writes and removes a small file: throws when the store cannot take a write (readiness). */
  probe(): Promise<void>;
  /**
   * Removes temp files left by interrupted writes: this process's own (`ownOnly`, at shutdown,
   * when no request is in flight), or else every one that no write of this process is using and
   * whose writer is gone or has not written to it for `olderThanMs` (start-up and periodic sweeps).
   * With `dryRun`, only counts them (npm run check:integrity).
   */
  sweepTemp(options?: SweepOptions): Promise<number>;
}

export interface SweepOptions {
  ownOnly?: boolean;
  olderThanMs?: number;
  dryRun?: boolean;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function randomMediaName(ext: string, now = Date.now()): string {
  return `creatives/${now}-${crypto.randomBytes(6).toString('hex')}.${ext}`;
}

export function createDiskStore(root: string): MediaStore {
  const tmpDir = path.join(root, '.tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  /** Temp files handed out and not yet adopted or discarded: a write may still be going on. */
  const inUse = new Set<string>();

  const pathOf = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new AppError('NOT_FOUND');
    return path.join(root, name);
  };

  const tempPath = () => {
    const temp = path.join(tmpDir, `${process.pid}-${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`);
    inUse.add(temp);
    return temp;
  };

  const discardTemp = async (temp: string) => {
    await fsp.rm(temp, { force: true });
    inUse.delete(temp);
  };

  const adopt = async (name: string, temp: string) => {
    const target = pathOf(name);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(temp, target);
    inUse.delete(temp);
  };

  return {
    root,
    pathOf,
    tempPath,
    discardTemp,
    adopt,
    async exists(name) {
      try {
        await fsp.access(pathOf(name));
        return true;
      } catch {
        return false;
      }
    },
    async put(name, data) {
      const temp = tempPath();
      try {
        await fsp.writeFile(temp, data);
        await adopt(name, temp);
      } catch (err) {
        await discardTemp(temp);
        throw err;
      }
    },
    async remove(name) {
      await fsp.rm(pathOf(name), { force: true });
    },
    async probe() {
      const file = tempPath();
      try {
        await fsp.writeFile(file, 'ok');
      } finally {
        await discardTemp(file);
      }
    },
    sweepTemp: (options) => sweepTempDir(tmpDir, inUse, options),
  };
}

const TEMP_NAME = /^(\d+)-(\d+)-[0-9a-f]+\.part$/;
const STALE_TEMP_MS = 60 * 60 * 1000;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why this never removes a file an upload is still writing: this process's writes are in `inUse`
 * from tempPath() until adopt()/discardTemp(), and are skipped whatever their age (a slow client
 * may take long). Another process's writes cannot be seen, so its file is kept while that process
 * lives and wrote to it within `olderThanMs` (the modification time moves with every chunk).
 * A file of this process that is not in use was left behind (a bug, or a previous process that had
 * the same pid): it goes once it is that old too.
 */
async function sweepTempDir(tmpDir: string, inUse: ReadonlySet<string>, options: SweepOptions = {}): Promise<number> {
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
  if (!pid || (pid !== process.pid && !processIsAlive(pid))) return true;
  const stat = await fsp.stat(file).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs >= olderThanMs;
}

/**
 * Sweeps stale temp files (sweepTemp's rules) every `intervalMs` while the server runs, besides
 * the sweep at start-up: a long-running server reclaims what a failed write left without waiting
 * for a restart. The timer does not keep the process alive; one sweep runs at a time.
 * Returns the function that stops it.
 */
export function sweepTempEvery(store: MediaStore, intervalMs: number, report: (removed: number | Error) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    store
      .sweepTemp()
      .then(
        (removed) => removed > 0 && report(removed),
        (err: unknown) => report(err instanceof Error ? err : new Error(String(err))),
      )
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
