import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@domain/errors';
import { createDiskDriver } from './disk-driver';
import { createLocalTemp, STALE_TEMP_MS } from './local-temp';
import { isSafeMediaName } from './media-name';
import type { ByteRange, StorageDriver, StoredInfo } from './storage-driver';

export { randomMediaName } from './media-name';
export type { ByteRange, StoredInfo } from './storage-driver';

/**
 * The media files (originals, derivatives, posters, variants), by name (`creatives/…`), on disk
 * (DATA_DIR/media, the default) or in an S3-compatible bucket (server/media/s3-store.ts). Callers
 * never see where a file lives: they read it as a stream, and get a local file only through
 * withLocalCopy() (sharp, ffmpeg, backups). Every write is whole: a reader never sees half a file.
 *
 * New files whose existence a database row records go through stage(): written under a staging
 * key, promoted to their name once the row has committed (commit()), or dropped (discard()).
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Where the media are, for logs and messages: a folder, or s3://bucket/prefix. */
  readonly location: string;
  exists(name: string): Promise<boolean>;
  stat(name: string): Promise<StoredInfo | null>;
  /** The file's bytes, or the inclusive `range` of them; null when it does not exist. */
  read(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Writes a file, visible at once (no row records it, or the row already does). */
  put(name: string, data: Buffer): Promise<void>;
  /** Streams a complete local temp file (from tempPath()) into the store, visible at once; the temp file is gone afterwards. */
  adopt(name: string, tempPath: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Every stored name (not temp or staged files), in no particular order, streamed. */
  list(): AsyncIterable<string>;
  /**
   * Runs `use` on a local file holding the named file's bytes — the file itself on disk, a temp
   * copy (removed afterwards) otherwise — and returns its result; null when the file does not exist.
   * `use` must not change or keep the file.
   */
  withLocalCopy<T>(name: string, use: (file: string) => Promise<T>): Promise<T | null>;
  /** A set of new files, invisible until commit(): see StagedFiles. */
  stage(): StagedFiles;
  /**
   * A fresh LOCAL temp path (DATA_DIR/media/.tmp, whatever the driver), for streaming writes and
   * processing. It is in use — never swept — until adopt() takes it or discardTemp() removes it.
   */
  tempPath(): string;
  /** Removes a temp file (if it exists) and forgets it: every tempPath() ends here or in adopt(). */
  discardTemp(tempPath: string): Promise<void>;
  /** Throws when the store cannot take a write: reaches the backend, writes and removes a small staged file (readiness). */
  probe(): Promise<void>;
  /**
   * Sweeps what interrupted writes left: stale local temp files (server/media/local-temp.ts) and,
   * given `recorded`, stale staged files (sweepStaged below). Returns how many it removed or
   * promoted (counted only, with `dryRun`: npm run check:integrity).
   */
  sweepTemp(options?: SweepOptions): Promise<number>;
}

/**
 * New files that a database row is about to record. The caller writes them (put/adopt), writes
 * and commits its row, then calls commit(), which makes them visible under their names; if
 * anything fails before the row commits, discard() removes them. A process killed in between
 * leaves staged files that the sweep settles against the database (sweepStaged).
 */
export interface StagedFiles {
  put(name: string, data: Buffer): Promise<void>;
  /** Streams a complete local temp file (from tempPath()) in; the temp file is gone afterwards. */
  adopt(name: string, tempPath: string): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface SweepOptions {
  /** Only this process's local temp files, at shutdown when no request is in flight (staged files are left alone). */
  ownOnly?: boolean;
  /** Age from which an unused temp or staged file counts as abandoned (default 1 h). */
  olderThanMs?: number;
  dryRun?: boolean;
  /** Which of these names a database row records (server/services/media.service.ts recordedMediaFiles). */
  recorded?: (names: string[]) => Promise<Set<string>>;
}

/** Where staged files wait: `.staging/<batch>/<name>` (a name never starts with a dot). */
const STAGING = '.staging/';
const STAGED_KEY = /^\.staging\/([0-9]+-[0-9]+-[0-9a-f]+)\/(.+)$/;

function checked(name: string): string {
  if (!isSafeMediaName(name)) throw new AppError('NOT_FOUND');
  return name;
}

/** The disk store (the default): DATA_DIR/media, temp files in its .tmp folder. */
export function createDiskStore(root: string): MediaStore {
  const temp = path.join(root, '.tmp');
  return createMediaStore(createDiskDriver(root, temp), temp);
}

/** The store's rules over a driver; local temp files go to `tempDir`. */
export function createMediaStore(driver: StorageDriver, tempDir: string): MediaStore {
  const temp = createLocalTemp(tempDir);
  /** Staging batches of this process not yet committed or discarded: never swept, however old. */
  const openBatches = new Set<string>();

  const adoptAs = async (key: string, file: string) => {
    try {
      await driver.writeFrom(key, file);
    } finally {
      await temp.discard(file);
    }
  };

  const stage = (): StagedFiles => {
    const batch = `${process.pid}-${Date.now()}-${crypto.randomBytes(6).toString('hex')}`;
    const prefix = `${STAGING}${batch}/`;
    const names: string[] = [];
    openBatches.add(batch);
    const done = () => openBatches.delete(batch);
    return {
      async put(name, data) {
        names.push(checked(name));
        await driver.write(prefix + name, data);
      },
      async adopt(name, file) {
        names.push(checked(name));
        await adoptAs(prefix + name, file);
      },
      // Either way the batch is no longer open: if promoting or removing fails half-way, what is
      // left is the sweep's to settle once stale (its row says whether to promote or remove).
      async commit() {
        try {
          for (const name of names) await promote(driver, prefix + name, name);
        } finally {
          done();
        }
      },
      async discard() {
        try {
          await driver.clear(prefix);
        } finally {
          done();
        }
      },
    };
  };

  return {
    kind: driver.kind,
    location: driver.location,
    async exists(name) {
      return (await driver.stat(checked(name))) !== null;
    },
    // Async all through, so that a bad name rejects the promise rather than throwing.
    stat: async (name) => driver.stat(checked(name)),
    read: async (name, range) => driver.read(checked(name), range),
    put: async (name, data) => driver.write(checked(name), data),
    adopt: async (name, file) => adoptAs(checked(name), file),
    remove: async (name) => driver.remove(checked(name)),
    async *list() {
      for await (const { key } of driver.list('')) if (isSafeMediaName(key)) yield key;
    },
    async withLocalCopy(name, use) {
      const local = driver.localFile(checked(name));
      if (local) {
        if (!(await fsp.stat(local).catch(() => null))?.isFile()) return null;
        return use(local);
      }
      const copy = temp.path();
      try {
        const body = await driver.read(name);
        if (!body) return null;
        await pipeline(body, fs.createWriteStream(copy));
        return await use(copy);
      } finally {
        await temp.discard(copy);
      }
    },
    stage,
    tempPath: () => temp.path(),
    discardTemp: (file) => temp.discard(file),
    async probe() {
      await driver.reachable();
      const probe = stage();
      try {
        await probe.put('probe', Buffer.from('ok'));
      } finally {
        await probe.discard();
      }
    },
    async sweepTemp(options = {}) {
      const temps = await temp.sweep(options);
      if (options.ownOnly || !options.recorded) return temps;
      return temps + (await sweepStaged(driver, openBatches, options, options.recorded));
    },
  };
}

/**
 * Settles staged files left by a writer that never reached commit() or discard(): the process was
 * killed, or lost the backend, between writing them and promoting them. The rule:
 * - a batch this process still has open is skipped whatever its age (a slow write);
 * - a staged file whose name a database row records is promoted, whatever its age: the row has
 *   committed, so promoting is what its writer does next or never did (killed) — without this the
 *   file would be unreachable until it is stale, or lost; promotion is idempotent (promote()), so a
 *   writer of another instance promoting at the same time is no harm;
 * - any other staged file is removed once older than `olderThanMs` (default 1 h): until then
 *   another instance may be writing it, its row not committed yet. No file without a row, no row
 *   without its file.
 * Staged keys that do not parse (a probe's leftover) are removed once stale.
 */
async function sweepStaged(
  driver: StorageDriver,
  openBatches: ReadonlySet<string>,
  options: SweepOptions,
  recorded: (names: string[]) => Promise<Set<string>>,
): Promise<number> {
  const olderThan = options.olderThanMs ?? STALE_TEMP_MS;
  const now = Date.now();
  const left: { key: string; name: string | null; stale: boolean }[] = [];
  for await (const { key, modifiedMs } of driver.list(STAGING)) {
    const match = STAGED_KEY.exec(key);
    if (match && openBatches.has(match[1]!)) continue;
    left.push({ key, name: match && isSafeMediaName(match[2]!) ? match[2]! : null, stale: now - modifiedMs >= olderThan });
  }
  const names = left.flatMap((s) => (s.name ? [s.name] : []));
  const keep = names.length > 0 ? await recorded(names) : new Set<string>();
  const settled = left.filter(({ name, stale }) => (name !== null && keep.has(name)) || stale);
  if (options.dryRun) return settled.length;
  for (const { key, name } of settled) {
    if (name && keep.has(name)) await promote(driver, key, name);
    else await driver.remove(key);
  }
  return settled.length;
}

/**
 * Moves a staged file to its name. Idempotent: when the move fails because someone else (the
 * sweep, or the writer it raced with) already promoted it, that is success.
 */
async function promote(driver: StorageDriver, staged: string, name: string): Promise<void> {
  try {
    await driver.move(staged, name);
  } catch (err) {
    if ((await driver.stat(staged)) === null && (await driver.stat(name)) !== null) return;
    throw err;
  }
}

/**
 * Sweeps stale temp and staged files (sweepTemp's rules) every `intervalMs` while the server
 * runs, besides the sweep at start-up: a long-running server reclaims what a failed write left
 * without waiting for a restart. The timer does not keep the process alive; one sweep runs at a
 * time. Returns the function that stops it.
 */
export function sweepTempEvery(
  store: MediaStore,
  intervalMs: number,
  report: (removed: number | Error) => void,
  options: Pick<SweepOptions, 'recorded'> = {},
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    store
      .sweepTemp(options)
      .then(
        (removed) => removed > 0 && report(removed),
        (err: unknown) => report(err instanceof Error ? err : new Error(String(err))),
      )
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
