import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { tableFile, type Manifest } from './archive-manifest';
import { extractAndVerify } from './archive-file';
import { liveLockHolder } from './data-dir-owner';
import { checkTargetSchema, loadDatabase, nonEmptyTables } from './database-load';
import { isSafeMediaName } from '../media/media-name';
import { createDiskStore, type MediaStore, type StagedFiles } from '../media/store';
import { latestKnownMigration, readJournal } from './migration-state';
import { readCatalog } from './schema-catalog';

export interface RestoreOptions {
  dataDir: string;
  databaseUrl?: string;
  file: string;
  /** Replace the content of a target that is not empty. */
  force?: boolean;
  /** Where the media go (MEDIA_STORE); default: DATA_DIR/media on disk. */
  media?: MediaStore;
  onProgress?: (message: string) => void;
}

export interface RestoreSummary {
  file: string;
  engine: 'pglite' | 'postgres';
  /** When and from which version the archive was made. */
  createdAt: string;
  appVersion: string;
  tables: Record<string, number>;
  mediaFiles: number;
  /** Media files of the target that were not in the archive, removed (--force). */
  removedFiles: number;
}

/**
 * `npm run restore`: the archive is extracted and checked completely in a temp folder first
 * (gzip/tar integrity, manifest, exact file list, SHA-256 and sizes, migration level); the target
 * is touched only once all of that holds. Then the media files are staged in the store, the rows
 * go in, in one transaction, and the staged files are promoted (server/media/store.ts StagedFiles).
 */
export async function restore(options: RestoreOptions): Promise<RestoreSummary> {
  const progress = options.onProgress ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  if (engine === 'pglite') refuseRunningServer(dataDir);

  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'creatheque-restauration-'));
  try {
    progress(`Vérification de l'archive ${file}…`);
    const manifest = await extractAndVerify(file, work);
    checkLayout(manifest);
    checkMigration(manifest);
    progress(`  archive du ${manifest.createdAt} (Créathèque ${manifest.appVersion}, ${manifest.engine}) : intègre`);

    // From here on the target is written to: the data-dir lock keeps a PGlite server from starting.
    if (engine === 'pglite') fs.mkdirSync(dataDir, { recursive: true });
    const unlock = engine === 'pglite' ? lockDataDir(dataDir) : () => {};
    try {
      const database = await openDatabase({
        databaseUrl: options.databaseUrl,
        dataDir: options.databaseUrl ? undefined : path.join(dataDir, 'db'),
      });
      try {
        const store = options.media ?? createDiskStore(path.join(dataDir, 'media'));
        const catalog = await readCatalog(database.db);
        checkTargetSchema(manifest, catalog);
        const filled = await nonEmptyTables(database.db, catalog);
        const hasFiles = await hasMediaFiles(store);
        if ((filled.length || hasFiles) && !options.force) {
          const what = [
            filled.length ? `données dans ${filled.map((t) => `« ${t} »`).join(', ')}` : '',
            hasFiles ? `fichiers dans ${store.location}` : '',
          ]
            .filter(Boolean)
            .join(' et ');
          throw new Error(`la cible n'est pas vide (${what}) : relancez avec --force pour remplacer tout son contenu`);
        }

        progress('Préparation des fichiers média…');
        const staged = await stageMedia(work, store, manifest);
        let committed = false;
        try {
          progress('Chargement de la base de données (une seule transaction)…');
          const tables = await loadDatabase(database.db, work, manifest, { replace: Boolean(options.force), onProgress: progress });
          committed = true;
          progress('Mise en place des fichiers média…');
          await staged.commit();
          const removedFiles = options.force ? await removeOtherMedia(store, manifest) : 0;
          return {
            file,
            engine,
            createdAt: manifest.createdAt,
            appVersion: manifest.appVersion,
            tables,
            mediaFiles: manifest.mediaFiles,
            removedFiles,
          };
        } finally {
          // Once the rows are in, staged files that could not be promoted are the sweep's (it promotes recorded ones).
          if (!committed) await staged.discard();
        }
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  } finally {
    // A cleanup failure must not hide the error that matters.
    await fsp.rm(work, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}

function refuseRunningServer(dataDir: string): void {
  const pid = liveLockHolder(dataDir);
  if (pid !== null) {
    throw new Error(`le serveur Créathèque (processus ${pid}) utilise ${dataDir} : arrêtez le serveur avant de restaurer`);
  }
}

/** Every file is a table of the manifest or a media file with a safe name; every table has its file. */
function checkLayout(manifest: Manifest): void {
  const tables = new Set(Object.keys(manifest.tables));
  let media = 0;
  for (const { path: name } of manifest.files) {
    // A safe name never starts with a dot: the store's .tmp and .staging areas are not media.
    if (name.startsWith('media/') && isSafeMediaName(name.slice('media/'.length))) {
      media += 1;
      continue;
    }
    const table = /^db\/(.+)\.jsonl$/.exec(name)?.[1];
    if (table && tables.has(table)) continue;
    throw new Error(`archive invalide : fichier inattendu ${name}`);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const table of tables) {
    if (!listed.has(tableFile(table))) throw new Error(`archive invalide : ${tableFile(table)} manque au manifeste`);
  }
  if (media !== manifest.mediaFiles) throw new Error('archive invalide : le nombre de fichiers média ne correspond pas au manifeste');
}

/** An archive made by a newer schema cannot be loaded by this code (unknown columns, rules). */
function checkMigration(manifest: Manifest): void {
  const journal = readJournal();
  const latest = latestKnownMigration(journal);
  if (manifest.migration.createdAt > latest.when) {
    throw new Error(
      `l'archive vient d'une version plus récente de Créathèque (${manifest.appVersion}, migration ${manifest.migration.tag ?? manifest.migration.createdAt}) : ` +
        `mettez cette installation à jour (dernière migration connue : ${latest.tag}) avant de restaurer`,
    );
  }
  const known = journal.find((e) => e.when === manifest.migration.createdAt);
  if (!known) throw new Error(`l'archive cite une migration inconnue de cette version (${manifest.migration.createdAt})`);
}

/** True when the store holds at least one media file. */
async function hasMediaFiles(store: MediaStore): Promise<boolean> {
  for await (const _ of store.list()) return true;
  return false;
}

/**
 * Stages the archive's media in the store (the slow part, done before the database transaction;
 * after the commit only promotions remain). Each goes through a local temp file of the store, moved
 * there from the extracted archive when both share a filesystem.
 */
async function stageMedia(work: string, store: MediaStore, manifest: Manifest): Promise<StagedFiles> {
  const staged = store.stage();
  try {
    for (const { path: name } of manifest.files) {
      if (!name.startsWith('media/')) continue;
      const temp = store.tempPath();
      await fsp.rename(path.join(work, name), temp).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EXDEV') throw err;
        await fsp.copyFile(path.join(work, name), temp);
      });
      await staged.adopt(name.slice('media/'.length), temp);
    }
  } catch (err) {
    await staged.discard();
    throw err;
  }
  return staged;
}

/** With --force: media files of the target that the archive does not have. */
async function removeOtherMedia(store: MediaStore, manifest: Manifest): Promise<number> {
  const keep = new Set(manifest.files.filter((f) => f.path.startsWith('media/')).map((f) => f.path.slice('media/'.length)));
  const extra: string[] = [];
  for await (const name of store.list()) if (!keep.has(name)) extra.push(name);
  for (const name of extra) await store.remove(name);
  return extra.length;
}
