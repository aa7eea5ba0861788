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
  /** Moves a fully written temp file (same filesystem) into place. */
  adopt(name: string, tempPath: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** A fresh temp path inside the store, for streaming writes (named after this process). */
  tempPath(): string;
  /** Writes and removes a small file: throws when the store cannot take a write (readiness). */
  probe(): Promise<void>;
  /**
   * Removes temp files left by interrupted writes: this process's own (`ownOnly`, at shutdown,
   * when no request is in flight) or those of processes that are gone or older than `olderThanMs`.
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

  const pathOf = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new AppError('NOT_FOUND');
    return path.join(root, name);
  };

  const tempPath = () => path.join(tmpDir, `${process.pid}-${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`);

  const adopt = async (name: string, temp: string) => {
    const target = pathOf(name);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(temp, target);
  };

  return {
    root,
    pathOf,
    tempPath,
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
        await fsp.rm(temp, { force: true });
        throw err;
      }
    },
    async remove(name) {
      await fsp.rm(pathOf(name), { force: true });
    },
    async probe() {
      const file = tempPath();
      await fsp.writeFile(file, 'ok');
      await fsp.rm(file, { force: true });
    },
    sweepTemp: (options) => sweepTempDir(tmpDir, options),
  };
}

const TEMP_NAME = /^(\d+)-(\d+)-[0-9a-f]+\.part$/;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function sweepTempDir(tmpDir: string, options: SweepOptions = {}): Promise<number> {
  const olderThan = options.olderThanMs ?? 60 * 60 * 1000;
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const entry of entries) {
    const m = TEMP_NAME.exec(entry);
    const pid = m ? Number(m[1]) : 0;
    const stale = options.ownOnly
      ? pid === process.pid
      : pid !== process.pid && (!pid || !processIsAlive(pid) || Date.now() - Number(m?.[2] ?? 0) > olderThan);
    if (!stale) continue;
    if (!options.dryRun) await fsp.rm(path.join(tmpDir, entry), { force: true });
    removed += 1;
  }
  return removed;
}
