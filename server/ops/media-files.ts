import fs from 'node:fs/promises';
import path from 'node:path';

/** The store's temp directory (DATA_DIR/media/.tmp): never backed up, never counted as content. */
export const MEDIA_TEMP_DIR = '.tmp';

export { isSafeMediaName } from '../media/media-name';

/**
 * Every regular file under a disk media root, as store names (`creatives/…`), skipping `.tmp/`
 * (and `.staging/`, whose names start with a dot too). The store's own list() is the way in for
 * code; this reads a folder directly (tests, a restored data dir).
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
    if (!dir && entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walkMedia(root, name);
    else if (entry.isFile()) yield name;
  }
}
