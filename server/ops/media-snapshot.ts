import fs from 'node:fs/promises';
import path from 'node:path';
import { isSafeMediaName } from '../media/media-name';
import type { MediaStore } from '../media/store';
import { mediaFile, type ManifestFile } from './archive-manifest';
import { digestFile } from './file-digest';

/** A file named by a media row of the snapshot is gone: it was deleted after the snapshot. */
export class MediaVanishedError extends Error {
  constructor(readonly file: string) {
    super(`le fichier média ${file}, référencé par la base, a disparu pendant la sauvegarde`);
  }
}

/**
 * Puts every media file into `stagingMedia` (the archive's media/ folder) and returns their
 * manifest entries. First the files named by the snapshot's media rows: the store writes files
 * before their row commits, so each must exist, unless it was deleted after the snapshot (then
 * MediaVanishedError, and the caller starts over). Then every other file present (an upload
 * whose row was not committed yet, an orphan): kept as well, since restoring an unused file
 * is harmless and losing a used one is not.
 *
 * On disk, files are hard-linked, not copied: the store never rewrites a file in place (temp +
 * rename), so a link freezes its content for free, even if the original is deleted a moment later.
 * From S3, each is downloaded (MediaStore.withLocalCopy) and its temp copy linked the same way.
 */
export async function snapshotMedia(options: {
  store: MediaStore;
  stagingMedia: string;
  referenced: Iterable<string>;
  signal?: AbortSignal;
}): Promise<ManifestFile[]> {
  const { store, stagingMedia } = options;
  const staged = new Set<string>();

  for (const name of options.referenced) {
    if (staged.has(name)) continue;
    options.signal?.throwIfAborted();
    if (!isSafeMediaName(name)) throw new Error(`nom de fichier média invalide dans la base : ${name}`);
    if (!(await stageFile(store, stagingMedia, name))) throw new MediaVanishedError(name);
    staged.add(name);
  }
  for await (const name of store.list()) {
    if (staged.has(name) || !isSafeMediaName(name)) continue;
    options.signal?.throwIfAborted();
    // Unreferenced files may vanish (an upload that failed and cleaned up): skip them then.
    if (await stageFile(store, stagingMedia, name)) staged.add(name);
  }

  const files: ManifestFile[] = [];
  for (const name of [...staged].sort()) {
    files.push({ path: mediaFile(name), ...(await digestFile(path.join(stagingMedia, name))) });
  }
  return files;
}

/** Links (or, across filesystems, copies) one file; false when it no longer exists. */
async function stageFile(store: MediaStore, staging: string, name: string): Promise<boolean> {
  const to = path.join(staging, name);
  await fs.mkdir(path.dirname(to), { recursive: true });
  const staged = await store.withLocalCopy(name, (from) => linkOrCopy(from, to));
  return staged === true;
}

async function linkOrCopy(from: string, to: string): Promise<boolean> {
  try {
    await fs.link(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
  }
  try {
    await fs.copyFile(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
