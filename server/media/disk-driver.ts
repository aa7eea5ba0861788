import crypto from 'node:crypto';
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from './storage-driver';

/** Folders of the media root that hold no media: local temp files and staged files. */
const NOT_MEDIA = new Set(['.tmp', '.staging']);

/**
 * Media in a folder (DATA_DIR/media). Writes go to a temp file in `tempDir` (same filesystem)
 * and are renamed into place, so a reader never sees half a file. Emptied folders under
 * `.staging/` are removed as their last file goes.
 */
export function createDiskDriver(root: string, tempDir: string): StorageDriver {
  const fileOf = (key: string) => path.join(root, key);

  const place = async (key: string, from: string) => {
    const target = fileOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(from, target);
  };

  /** Removes the empty folders above a staged key's file, up to `.staging` itself. */
  const prune = async (key: string) => {
    if (!key.startsWith('.staging/')) return;
    for (let dir = path.dirname(key); dir !== '.staging' && dir !== '.'; dir = path.dirname(dir)) {
      try {
        await fsp.rmdir(fileOf(dir));
      } catch {
        return; // not empty (or gone): the folders above are not empty either
      }
    }
  };

  return {
    kind: 'disk',
    location: root,
    async stat(key) {
      const stat = await fsp.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, modifiedMs: stat.mtimeMs } : null;
    },
    async read(key, range) {
      const handle = await fsp.open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async write(key, data) {
      const temp = path.join(tempDir, `${process.pid}-${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`);
      try {
        await fsp.mkdir(tempDir, { recursive: true });
        await fsp.writeFile(temp, data);
        await place(key, temp);
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },
    writeFrom: (key, localFile) => place(key, localFile),
    async move(from, to) {
      await place(to, fileOf(from));
      await prune(from);
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
      await prune(key);
    },
    async clear(prefix) {
      const dir = fileOf(prefix);
      await fsp.rm(dir, { recursive: true, force: true });
      await prune(path.posix.join(prefix, 'x'));
    },
    list: (prefix) => walk(root, prefix.replace(/\/$/, '')),
    localFile: fileOf,
    // A folder is always there to reach (made on the first write): the probe's write is the check.
    async reachable() {},
  };
}

/** Files under `dir` (relative to root; '' for all, skipping `.tmp` and `.staging`), depth first, sorted. */
async function* walk(root: string, dir: string): AsyncGenerator<{ key: string; modifiedMs: number }> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(path.join(root, dir), { withFileTypes: true });
  } catch (err) {
    // A folder removed while walking, or no media folder at all: nothing there.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const key = dir ? `${dir}/${entry.name}` : entry.name;
    if (!dir && NOT_MEDIA.has(entry.name)) continue;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) {
      const stat = await fsp.stat(path.join(root, key)).catch(() => null);
      if (stat) yield { key, modifiedMs: stat.mtimeMs };
    }
  }
}
