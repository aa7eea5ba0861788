import fs from 'node:fs/promises';
import path from 'node:path';

/** The store's temp directory (DATA_DIR/media/.tmp): never backed up, never counted as content. */
export const MEDIA_TEMP_DIR = '.tmp';

/** Same rule as the store's names (server/media/store.ts): relative, no `..`, plain characters. */
const SAFE_NAME = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function isSafeMediaName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.split('/').includes('..') && !name.includes('//');
}

/**
 * Every regular file under the media root, as store names (`creatives/…`), skipping `.tmp/`.
 * Yields as it walks, so a large library is never listed in memory at once.
 */
export async function* walkMedia(root: string, dir = ''): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
  } catch (err) {
    // A folder removed while walking, or no media folder at all: nothing there.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = dir ? `${dir}/${entry.name}` : entry.name;
    if (!dir && entry.name === MEDIA_TEMP_DIR) continue;
    if (entry.isDirectory()) yield* walkMedia(root, name);
    else if (entry.isFile()) yield name;
  }
}

/** True when the media root holds at least one file outside `.tmp/`. */
export async function hasMediaFiles(root: string): Promise<boolean> {
  for await (const _ of walkMedia(root)) return true;
  return false;
}
