import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from 'hono';
import { AppError } from '@domain/errors';
import { MAX_BYTES, acceptedMedia } from '@domain/media-rules';
import { MSG } from '@domain/messages';
import type { MediaType } from '@domain/vocabulary';
import { badType, malformedForm, oneMediaOnly, tooLarge } from './media-errors';
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
  /** SHA-256 of the bytes as sent (hex), computed while they stream in: exact duplicates (issue 18). */
  sha256: string;
}

export interface ParsedUpload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * Streams a multipart form (fields + one `media` file) to a temp file in the store. The type is
 * decided from the file's first bytes (never its name or declared type), and the size limit of
 * that type is enforced while the bytes arrive: nothing is buffered, and a refused upload leaves
 * no file behind. A form that cannot be parsed is a 400, never a 500. The caller moves the temp
 * file into place or discards it.
 */
export async function readUpload(c: Context, store: MediaStore): Promise<ParsedUpload> {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw malformedForm();
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > LARGEST + FORM_OVERHEAD) throw tooLarge('video');
  const body = c.req.raw.body;
  if (!body) throw malformedForm();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // A browser sends a file name as UTF-8; busboy reads a plain `filename=` as latin1 by default.
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 20, fieldSize: 256 * 1024, fileSize: LARGEST + 1 },
    });
  } catch {
    // busboy throws here, synchronously, when the boundary is missing or the type is not one it parses.
    throw malformedForm();
  }

  // No prototype: a field named `__proto__` or `constructor` is just a field.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: UploadedFile | null = null;
  let tempPath: string | null = null;
  let fileStream: Readable | null = null;
  let writing: Promise<void> = Promise.resolve();
  const input = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);

  const done = new Promise<void>((resolve, reject) => {
    // Stop parsing: drain the rest of the request without keeping it, end the file's write, and answer now.
    const fail = (err: unknown) => {
      input.unpipe(parser);
      input.resume();
      fileStream?.destroy();
      reject(err);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'media') {
        stream.resume();
        return;
      }
      fileStream = stream;
      const target = store.tempPath();
      tempPath = target;
      writing = writeMedia(stream, target).then((written) => {
        file = written && { ...written, tempPath: target, originalName: cleanOriginalName(info.filename) };
      });
      writing.catch(fail);
    });
    parser.on('filesLimit', () => fail(oneMediaOnly()));
    parser.on('error', () => fail(malformedForm()));
    // A client that goes away (or a server that stops) mid-upload ends here: the temp file is removed.
    input.on('error', fail);
    parser.on('close', () => writing.then(resolve, reject));
  });

  input.pipe(parser);
  try {
    await done;
  } catch (err) {
    // The write stream is closed before its file is removed (else its late open could create it again).
    await writing.catch(() => {});
    if (tempPath) await store.discardTemp(tempPath);
    throw err instanceof AppError ? err : new AppError('VALIDATION', { message: MSG.submitError });
  }
  if (!file && tempPath) await store.discardTemp(tempPath);
  return { fields, file };
}

/**
 * Writes the file part to `target`, sniffing its type from its first bytes and enforcing that
 * type's size limit as it arrives. Null for an empty part. Settles only once the file is closed.
 */
async function writeMedia(stream: Readable, target: string): Promise<Omit<UploadedFile, 'tempPath' | 'originalName'> | null> {
  const out = fs.createWriteStream(target);
  // A write error (disk full) is thrown by the next write, the drain wait or end(), not left unhandled.
  let writeError: Error | null = null;
  out.on('error', (err) => (writeError = err));
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let accepted: Sniffed | null = null;
  const digest = createHash('sha256');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      digest.update(chunk);
      if (!accepted) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) accepted = await sniff(Buffer.concat(head));
      }
      if (accepted && size > MAX_BYTES[accepted.kind]) throw tooLarge(accepted.kind);
      if (writeError) throw writeError;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (!accepted && size > 0) accepted = await sniff(Buffer.concat(head));
    if (accepted && size > MAX_BYTES[accepted.kind]) throw tooLarge(accepted.kind);
    await new Promise<void>((r, j) => out.end((err?: Error | null) => (err ? j(err) : r())));
  } catch (err) {
    if (!out.closed) {
      const closed = once(out, 'close');
      out.destroy();
      await closed.catch(() => {});
    }
    throw err;
  }
  return accepted && size > 0
    ? { size, contentType: accepted.mime, ext: accepted.ext, kind: accepted.kind, sha256: digest.digest('hex') }
    : null;
}

/**
 * The file name as the client sent it, kept for the record only — the stored name is ours
 * (randomMediaName) and downloads are named after the creative: its last path segment, without
 * control characters (NUL cannot be stored in PostgreSQL text; CR/LF must never reach a header).
 */
export function cleanOriginalName(name: string | undefined): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'media';
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
