import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import type { Database, Db } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { createDiskStore, type MediaStore } from '../media/store';
import {
  appVersion,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  MANIFEST_VERSION,
  tableFile,
  type Manifest,
  type ManifestFile,
} from './archive-manifest';
import { packArchive } from './archive-file';
import { requestServerBackup } from './control-client';
import { isAlive } from '../process-alive';
import { liveLockHolder } from './data-dir-owner';
import { dumpDatabase } from './database-dump';
import { MediaVanishedError, snapshotMedia } from './media-snapshot';
import { openExistingDatabase } from './open-existing-database';

export interface BackupSummary {
  file: string;
  /** Archive size in bytes. */
  size: number;
  engine: Database['kind'];
  /** Rows per table. */
  tables: Record<string, number>;
  mediaFiles: number;
  /** 1, or more when media deleted during a run made it start over. */
  attempts: number;
}

export interface BackupProgress {
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
}

/** An open database and its media store, as the server (or the CLI) holds them. */
export interface BackupSource {
  db: Db;
  kind: Database['kind'];
  /** DATA_DIR: the staging folder goes there, on the same filesystem as disk media (hard links). */
  dataDir: string;
  media: MediaStore;
}

export interface BackupOptions extends BackupProgress {
  out: string;
  /** Rows per keyset page of the dump. */
  batchSize?: number;
  /** Runs before giving up when referenced media keep vanishing (default 3). */
  maxAttempts?: number;
  /**
   * Called once the database snapshot is written, before the media are collected. Tests use it
   * to delete a media row and its files at the worst moment.
   */
  afterSnapshot?: (attempt: number) => Promise<void> | void;
}

const STAGING_PREFIX = '.sauvegarde-';

/** Checks the target before any work: an absolute path, a folder that exists, no file there. */
export async function resolveOutput(out: string): Promise<string> {
  const file = path.resolve(out);
  try {
    await fsp.access(file);
    throw new Error(`le fichier ${file} existe déjà : choisissez un autre nom ou supprimez-le`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const dir = path.dirname(file);
  if (!(await fsp.stat(dir).catch(() => null))?.isDirectory()) throw new Error(`le dossier ${dir} n'existe pas`);
  return file;
}

/**
 * Writes a backup archive of an open database and its media: a consistent dump (one snapshot),
 * then the media it references plus the other files present, then manifest.json, packed into
 * `out` (temp file renamed into place when complete). Used in process by the CLI and by the
 * control server of a running PGlite server.
 */
export async function backupDatabase(source: BackupSource, options: BackupOptions): Promise<BackupSummary> {
  const out = await resolveOutput(options.out);
  const maxAttempts = options.maxAttempts ?? 3;
  const progress = options.onProgress ?? (() => {});
  await sweepStaleStaging(source.dataDir);
  for (let attempt = 1; ; attempt++) {
    const staging = await fsp.mkdtemp(path.join(source.dataDir, `${STAGING_PREFIX}${process.pid}-`));
    try {
      progress(attempt === 1 ? 'Lecture de la base de données (instantané cohérent)…' : `Nouvelle tentative (${attempt}/${maxAttempts})…`);
      const dump = await dumpDatabase(source.db, staging, { batchSize: options.batchSize, onProgress: progress, signal: options.signal });
      await options.afterSnapshot?.(attempt);
      progress('Copie des fichiers média…');
      let mediaFiles: ManifestFile[];
      try {
        mediaFiles = await snapshotMedia({
          store: source.media,
          stagingMedia: path.join(staging, 'media'),
          referenced: await referencedMedia(staging),
          signal: options.signal,
        });
      } catch (err) {
        if (!(err instanceof MediaVanishedError)) throw err;
        if (attempt >= maxAttempts) {
          throw new Error(
            `${err.message}, à chacune des ${maxAttempts} tentatives : des médias sont supprimés en continu, réessayez plus tard`,
          );
        }
        progress(`  ${err.message} (supprimé après l'instantané) : on recommence`);
        continue;
      }
      progress(`  ${mediaFiles.length} fichier(s) média`);

      const manifest: Manifest = {
        format: MANIFEST_FORMAT,
        formatVersion: MANIFEST_VERSION,
        appVersion: appVersion(),
        engine: source.kind,
        migration: dump.migration,
        createdAt: new Date().toISOString(),
        tables: dump.tables,
        mediaFiles: mediaFiles.length,
        files: [...dump.files, ...mediaFiles],
      };
      await fsp.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
      progress("Écriture de l'archive…");
      options.signal?.throwIfAborted();
      const size = await packArchive(staging, [MANIFEST_NAME, ...manifest.files.map((f) => f.path)], out);
      return {
        file: out,
        size,
        engine: source.kind,
        tables: Object.fromEntries(Object.entries(dump.tables).map(([name, t]) => [name, t.rows])),
        mediaFiles: mediaFiles.length,
        attempts: attempt,
      };
    } finally {
      await fsp.rm(staging, { recursive: true, force: true });
    }
  }
}

/** File names held by the snapshot's media rows (read back from the dump, one line at a time). */
async function referencedMedia(staging: string): Promise<Set<string>> {
  const names = new Set<string>();
  const file = path.join(staging, tableFile('media'));
  if (!fs.existsSync(file)) return names;
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    for (const column of ['name', 'thumb_name', 'poster_name']) {
      const value = row[column];
      if (typeof value === 'string' && value) names.add(value);
    }
  }
  return names;
}

/** Staging folders left by a backup that was killed (its process is gone). */
async function sweepStaleStaging(dataDir: string): Promise<void> {
  const entries = await fsp.readdir(dataDir).catch(() => [] as string[]);
  for (const entry of entries) {
    const m = new RegExp(`^${STAGING_PREFIX.replace('.', '\\.')}(\\d+)-`).exec(entry);
    if (m && Number(m[1]) !== process.pid && !isAlive(Number(m[1]))) {
      await fsp.rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }
}

/**
 * `npm run backup`: PostgreSQL is read directly (its snapshot blocks nobody). PGlite can be opened
 * by one process only: when a live server holds DATA_DIR/server.lock, it is asked over its
 * control channel to write the archive itself; otherwise the CLI takes the lock and opens it.
 */
export async function backup(
  options: { dataDir: string; databaseUrl?: string; out: string; media?: MediaStore } & BackupProgress,
): Promise<BackupSummary> {
  const out = await resolveOutput(options.out);
  const dataDir = path.resolve(options.dataDir);
  // The staging folder goes there in both modes (and the media too, on disk).
  if (!fs.existsSync(dataDir)) throw new Error(`le dossier de données ${dataDir} n'existe pas : vérifiez DATA_DIR`);
  const media = options.media ?? createDiskStore(path.join(dataDir, 'media'));
  if (options.databaseUrl) {
    const database = await openExistingDatabase({ databaseUrl: options.databaseUrl, dataDir });
    try {
      return await backupDatabase({ db: database.db, kind: database.kind, dataDir, media }, { ...options, out });
    } finally {
      await database.close();
    }
  }
  const holder = liveLockHolder(dataDir);
  if (holder !== null) {
    options.onProgress?.(`Le serveur (processus ${holder}) utilise ce dossier de données : il écrit la sauvegarde lui-même.`);
    return requestServerBackup({ dataDir, serverPid: holder, out, onProgress: options.onProgress, signal: options.signal });
  }
  const unlock = lockDataDir(dataDir);
  try {
    const database = await openExistingDatabase({ dataDir });
    try {
      return await backupDatabase({ db: database.db, kind: database.kind, dataDir, media }, { ...options, out });
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}
