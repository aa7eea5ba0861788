import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ZIP_README_NAME, zipEntryNamer, zipReadmeText, type ZipReadmeEntry } from '@domain/folder-zip';
import { ZIP_MAX_BYTES } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { CATEGORY_KEYS } from '@domain/vocabulary';
import { GatewayError, type ZipProgress } from '../types';

/** Fetches a media URL (the page's fetch; tests pass in-memory files). */
export type FetchFile = (url: string) => Promise<Response>;

const tooLarge = () => new GatewayError('PAYLOAD_TOO_LARGE', MSG.folderZipTooLarge, 413);

/**
 * The browser's twin of the server's streamCreativesZip (server/services/creatives-zip.ts), for
 * Firebase mode where no server streams it: the same entries (domain/folder-zip.ts names, originals
 * stored, README.txt deflated), built from the Storage download URLs one file at a time, each
 * fetched as a stream and its chunks passed straight into the archive, whose output chunks become
 * the Blob's parts (the browser may keep a big Blob on disk). A creative without a stored original
 * (`mediaUrl` null), or whose file answers 404, is listed in README.txt as missing; any other
 * failure rejects (nothing is saved). Past the 4 GiB cap (no ZIP64) it stops.
 */
export async function buildCreativesZip(
  creatives: readonly Creative[],
  readmeTitle: string,
  fetchFile: FetchFile,
  onProgress?: (p: ZipProgress) => void,
): Promise<Blob> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else parts.push(chunk);
  });
  const nameOf = zipEntryNamer();
  const listed: ZipReadmeEntry[] = [];
  let bytes = 0;
  for (const [index, creative] of creatives.entries()) {
    onProgress?.({ done: index, total: creatives.length });
    const described = { name: creative.name, advertiser: creative.advertiser, ...tagsOf(creative) };
    const res = creative.mediaUrl ? await fetchFile(creative.mediaUrl) : null;
    if (!res || res.status === 404) {
      listed.push({ ...described, fileName: null });
      continue;
    }
    if (!res.ok || !res.body) throw new GatewayError('INTERNAL', MSG.downloadError, res.status);
    const fileName = nameOf(creative.name, res.headers.get('content-type'));
    const entry = new ZipPassThrough(fileName);
    zip.add(entry);
    const reader = res.body.getReader();
    let complete = false;
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        bytes += next.value.length;
        if (bytes > ZIP_MAX_BYTES) throw tooLarge();
        entry.push(next.value);
        if (failure) throw failure;
      }
      complete = true;
    } finally {
      if (!complete) await reader.cancel().catch(() => undefined);
    }
    entry.push(new Uint8Array(0), true);
    listed.push({ ...described, fileName });
  }
  const readme = new ZipDeflate(ZIP_README_NAME, { level: 9 });
  zip.add(readme);
  readme.push(new TextEncoder().encode(zipReadmeText(readmeTitle, listed)), true);
  zip.end();
  if (failure) throw failure;
  onProgress?.({ done: creatives.length, total: creatives.length });
  return new Blob(parts as BlobPart[], { type: 'application/zip' });
}

function tagsOf(creative: Creative) {
  return Object.fromEntries(CATEGORY_KEYS.map((key) => [key, creative[key]])) as Pick<Creative, (typeof CATEGORY_KEYS)[number]>;
}
