import fsp from 'node:fs/promises';
import type { Deps } from '../http/context';
import { unreadable } from './media-errors';
import { decodingUpload, readPictureHeader } from './picture-checks';
import { openImage } from './sharp';
import { isStrippable, MalformedPicture, stripMetadata, type StrippableFormat } from './strip-metadata';
import type { UploadedFile } from './upload';
import { extractPoster, remuxWithoutMetadata } from './video';

/** What is stored of an upload: its cleaned original, and what was learnt about it on the way. */
export interface SanitizedUpload {
  source: { data: Buffer } | { tempPath: string; size: number };
  width?: number;
  height?: number;
  /** A video's poster frame; null when it has none (no ffmpeg, or no frame could be read). */
  poster?: Buffer | null;
  /** A video's duration (ms), read by the same ffmpeg run as its poster; null when unknown. */
  durationMs?: number | null;
}

/** sharp's decoder name for each accepted image type (server/media/upload.ts sniffs the type). */
const DECODER: Record<string, StrippableFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** Re-encoding of an EXIF-rotated picture: near-lossless, in its own format. */
const REENCODE = { jpeg: { quality: 92 }, png: {}, webp: { quality: 90 } } as const;

/**
 * Turns a sniffed upload (server/media/upload.ts) into what is stored, refusing what must not be:
 * - an image: its header is read without decoding (unreadable → 415, over the pixel limits → 413),
 *   then its metadata are removed — losslessly, or by re-encoding it upright when EXIF rotates it
 *   (the stored picture must look the same without its orientation tag);
 * - a video, when ffmpeg is available: remuxed without metadata (a container ffmpeg cannot read →
 *   415), and its poster frame checked like an image. Without ffmpeg it is stored as sent, metadata
 *   included (README, "Media"): nothing else here can rewrite MP4, WebM and MOV containers.
 * The upload's temp file is left to the caller, which removes it whatever happens.
 */
export async function sanitizeUpload(deps: Pick<Deps, 'media'>, file: UploadedFile): Promise<SanitizedUpload> {
  return file.kind === 'image' ? sanitizeImage(file) : sanitizeVideo(deps, file);
}

async function sanitizeImage(file: UploadedFile): Promise<SanitizedUpload> {
  const data = await fsp.readFile(file.tempPath);
  const header = await readPictureHeader(data, 'image');
  const format = DECODER[file.contentType];
  if (!format || header.format !== format || !isStrippable(header.format)) throw unreadable('image');
  if (header.orientation !== 1) {
    const upright = await decodingUpload('image', async () =>
      (await openImage(data)).rotate().toFormat(format, REENCODE[format]).toBuffer({ resolveWithObject: true }),
    );
    return { source: { data: upright.data }, width: upright.info.width, height: upright.info.height };
  }
  try {
    return { source: { data: stripMetadata(data, format) }, width: header.width, height: header.height };
  } catch (err) {
    if (err instanceof MalformedPicture) throw unreadable('image');
    throw err;
  }
}

async function sanitizeVideo(deps: Pick<Deps, 'media'>, file: UploadedFile): Promise<SanitizedUpload> {
  const { store, tools } = deps.media;
  if (!tools.ffmpeg) return { source: { tempPath: file.tempPath, size: file.size }, poster: null };
  const remuxed = store.tempPath();
  try {
    if (!(await remuxWithoutMetadata(tools.ffmpeg, file.tempPath, remuxed, file.ext))) throw unreadable('video');
    const { size } = await fsp.stat(remuxed);
    if (size === 0) throw unreadable('video');
    const frame = await extractPoster(tools, remuxed);
    const header = frame ? await readPictureHeader(frame.poster, 'video') : null;
    return {
      source: { tempPath: remuxed, size },
      poster: frame?.poster ?? null,
      width: frame?.width ?? header?.width,
      height: frame?.height ?? header?.height,
      durationMs: frame?.durationMs ?? null,
    };
  } catch (err) {
    await store.discardTemp(remuxed);
    throw err;
  }
}
