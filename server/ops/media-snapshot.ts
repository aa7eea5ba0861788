import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaFile, type ManifestFile } from './archive-manifest';
import { digestFile } from './file-digest';
import { isSafeMediaName, walkMedia } from './media-files';

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
 * Files are hard-linked, not copied: the store never rewrites a file in place (temp + rename),
 * so a link freezes its content for free, even if the original is deleted a moment later.
 */
export async function snapshotMedia(options: {
  mediaRoot: string;
  stagingMedia: string;
  referenced: Iterable<string>;
  signal?: AbortSignal;
}): Promise<ManifestFile[]> {
  const { mediaRoot, stagingMedia } = options;
  const staged = new Set<string>();

  for (const name of options.referenced) {
    if (staged.has(name)) continue;
    options.signal?.throwIfAborted();
    if (!isSafeMediaName(name)) throw new Error(`nom de fichier média invalide dans la base : ${name}`);
    if (!(await stageFile(mediaRoot, stagingMedia, name))) throw new MediaVanishedError(name);
    staged.add(name);
  }
  for await (const name of walkMedia(mediaRoot)) {
    if (staged.has(name) || !isSafeMediaName(name)) continue;
    options.signal?.throwIfAborted();
    // Unreferenced files may vanish (an upload that failed and cleaned up): skip them then.
    if (await stageFile(mediaRoot, stagingMedia, name)) staged.add(name);
  }

  const files: ManifestFile[] = [];
  for (const name of [...staged].sort()) {
    files.push({ path: mediaFile(name), ...(await digestFile(path.join(stagingMedia, name))) });
  }
  return files;
}

/** Links (or, across filesystems, copies) one file; false when the original no longer exists. */
async function stageFile(root: string, staging: string, name: string): Promise<boolean> {
  const from = path.join(root, name);
  const to = path.join(staging, name);
  await fs.mkdir(path.dirname(to), { recursive: true });
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
