import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { AppError } from '@domain/errors';
import { ZIP_README_NAME, zipEntryNamer, zipReadmeText, type ZipReadmeEntry } from '@domain/folder-zip';
import { ZIP_MAX_BYTES, ZIP_MAX_ENTRIES } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Categories } from '@domain/types';
import type { MediaStore } from '../media/store';

/** A creative going into an archive: what README.txt says of it and where its original is. */
export interface ZipCreative extends Categories {
  name: string;
  advertiser: string;
  /** The stored original (`creatives/…`), or null when the creative has none (an image URL). */
  mediaName: string | null;
  contentType: string | null;
  /** The original's size as recorded, for the archive's cap. */
  size: number | null;
}

/**
 * Refuses, before the first byte, an archive that would not fit a ZIP without ZIP64 (4 GiB, 65 535
 * entries): fflate writes none, and a truncated archive would be worse than a clear error.
 */
export function checkZipFits(creatives: readonly ZipCreative[]): void {
  const bytes = creatives.reduce((sum, c) => sum + (c.mediaName ? (c.size ?? 0) : 0), 0);
  if (bytes > ZIP_MAX_BYTES || creatives.length + 1 > ZIP_MAX_ENTRIES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: MSG.folderZipTooLarge });
  }
}

/**
 * A ZIP of the creatives' original media, in order, then README.txt (domain/folder-zip.ts), as a
 * web stream that reads one file at a time from the media store and only as fast as it is
 * consumed (pulled, no queue: `highWaterMark` 0 — Node's Readable.toWeb would queue thousands of
 * chunks ahead of a slow client): memory stays at a chunk or two whatever the archive's size.
 * Media are stored (already compressed), README.txt deflated. A creative without a stored file,
 * or whose file is missing when its turn comes, is left out and listed under 'Médias manquants'
 * in README.txt — the archive stays valid. Cancelling the stream (a client gone) closes the file
 * being read. A read that fails half way errors the stream: the answer is cut, never an archive
 * that looks whole. Knows nothing of folders or owners: the caller decides who may have which
 * creatives (a folder's owner; a share link's visitor).
 */
export function streamCreativesZip(store: MediaStore, creatives: readonly ZipCreative[], readmeTitle: string): ReadableStream<Uint8Array> {
  const chunks = zipChunks(store, creatives, readmeTitle);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

async function* zipChunks(store: MediaStore, creatives: readonly ZipCreative[], readmeTitle: string): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  // What fflate has written so far, handed on before anything more is read.
  function* flush(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  }

  const nameOf = zipEntryNamer();
  const listed: ZipReadmeEntry[] = [];
  for (const creative of creatives) {
    const { mediaName, contentType, size: _size, ...described } = creative;
    const source = mediaName ? await store.read(mediaName) : null;
    if (!source) {
      listed.push({ ...described, fileName: null });
      continue;
    }
    const fileName = nameOf(creative.name, contentType);
    const entry = new ZipPassThrough(fileName);
    zip.add(entry);
    try {
      for await (const chunk of source as AsyncIterable<Uint8Array>) {
        entry.push(chunk);
        yield* flush();
      }
    } finally {
      source.destroy();
    }
    entry.push(new Uint8Array(0), true);
    yield* flush();
    listed.push({ ...described, fileName });
  }

  const readme = new ZipDeflate(ZIP_README_NAME, { level: 9 });
  zip.add(readme);
  readme.push(new TextEncoder().encode(zipReadmeText(readmeTitle, listed)), true);
  zip.end();
  yield* flush();
}
