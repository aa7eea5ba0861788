import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from 'hono';
import { AppError } from '@domain/errors';
import { MAX_BYTES, acceptedMedia, tooLargeMessage } from '@domain/media-rules';
import { MSG } from '@domain/messages';
import type { MediaType } from '@domain/vocabulary';
import type { MediaStore } from './store';

/** Bytes the sniffer needs to recognise every accepted container. */
const SNIFF_BYTES = 4100;
/** Room for the form fields and multipart framing around the largest file. */
const FORM_OVERHEAD = 1024 * 1024;
const LARGEST = Math.max(MAX_BYTES.image, MAX_BYTES.video);

export interface UploadedFile {
  tempPath: string;
  size: number;
  contentType: string;
  ext: string;
  kind: MediaType;
  originalName: string;
}

export interface ParsedUpload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

const tooLarge = (kind: MediaType) =>
  new AppError('PAYLOAD_TOO_LARGE', { message: tooLargeMessage(kind), fields: { media: tooLargeMessage(kind) } });
const badType = () => new AppError('UNSUPPORTED_MEDIA', { message: MSG.mediaInvalidType, fields: { media: MSG.mediaInvalidType } });

/**
 * Streams a multipart form (fields + one `media` file) to a temp file in the store. The type is
 * decided from the file's first bytes (never its name or declared type), and the size limit of
 * that type is enforced while the bytes arrive: nothing is buffered, and a refused upload leaves
 * no file behind. The caller moves the temp file into place or removes it.
 */
export async function readUpload(c: Context, store: MediaStore): Promise<ParsedUpload> {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('VALIDATION', { message: MSG.multipartExpected });
  }
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > LARGEST + FORM_OVERHEAD) throw tooLarge('video');
  const body = c.req.raw.body;
  if (!body) throw new AppError('VALIDATION');

  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let tempPath: string | null = null;

  const parser = busboy({
    headers: { 'content-type': contentType },
    limits: { files: 1, fields: 20, fieldSize: 256 * 1024, fileSize: LARGEST + 1 },
  });
  const input = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);

  const done = new Promise<void>((resolve, reject) => {
    let pendingFile: Promise<void> = Promise.resolve();
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'media') {
        stream.resume();
        return;
      }
      tempPath = store.tempPath();
      const target = tempPath;
      pendingFile = (async () => {
        const out = fs.createWriteStream(target);
        const head: Buffer[] = [];
        let headBytes = 0;
        let size = 0;
        let accepted: Sniffed | null = null;
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (!accepted) {
              head.push(chunk);
              headBytes += chunk.length;
              if (headBytes >= SNIFF_BYTES) accepted = await sniff(Buffer.concat(head));
            }
            if (accepted && size > MAX_BYTES[accepted.kind]) throw tooLarge(accepted.kind);
            if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
          }
          if (!accepted && size > 0) accepted = await sniff(Buffer.concat(head));
          if (accepted && size > MAX_BYTES[accepted.kind]) throw tooLarge(accepted.kind);
          await new Promise<void>((r, j) => out.end((err?: Error | null) => (err ? j(err) : r())));
          if (size > 0 && accepted) {
            file = {
              tempPath: target,
              size,
              contentType: accepted.mime,
              ext: accepted.ext,
              kind: accepted.kind,
              originalName: info.filename || 'media',
            };
          }
        } catch (err) {
          out.destroy();
          throw err;
        }
      })();
      pendingFile.catch((err: unknown) => {
        // Stop parsing: drain the rest of the request without keeping it, and answer now.
        input.unpipe(parser);
        input.resume();
        stream.resume();
        reject(err);
      });
    });
    parser.on('error', reject);
    // A client that goes away (or a server that stops) mid-upload ends here: the temp file is removed.
    input.on('error', reject);
    parser.on('close', () => pendingFile.then(resolve, reject));
  });

  input.pipe(parser);
  try {
    await done;
  } catch (err) {
    if (tempPath) await fsp.rm(tempPath, { force: true });
    throw err instanceof AppError ? err : new AppError('VALIDATION', { message: MSG.submitError });
  }
  if (!file && tempPath) await fsp.rm(tempPath, { force: true });
  return { fields, file };
}

interface Sniffed {
  mime: string;
  ext: string;
  kind: MediaType;
}

async function sniff(head: Buffer): Promise<Sniffed> {
  const type = await fileTypeFromBuffer(head);
  const accepted = acceptedMedia(type?.mime);
  if (!type || !accepted) throw badType();
  return { mime: type.mime, ...accepted };
}
