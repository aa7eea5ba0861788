import type { Deps } from '../http/context';
import { readPictureHeader } from './picture-checks';
import type { UploadedFile } from './upload';
import { extractPoster } from './video';

/** What is stored of an upload, and what was learnt about it on the way. */
export interface SanitizedUpload {
  source: { data: Buffer } | { tempPath: string; size: number };
  width?: number;
  height?: number;
  /** A video's poster frame; null when it has none (no ffmpeg, or no frame could be read). */
  poster?: Buffer | null;
}

/**
 * Checks a sniffed upload (server/media/upload.ts) before anything decodes it: an image's header
 * is read without decoding (unreadable → 415, over the pixel limits → 413), and so is a video's
 * poster frame when ffmpeg makes one. The upload's temp file is left to the caller, which removes
 * it whatever happens.
 */
export async function sanitizeUpload(deps: Pick<Deps, 'media' | 'mediaTools'>, file: UploadedFile): Promise<SanitizedUpload> {
  const source = { tempPath: file.tempPath, size: file.size };
  if (file.kind === 'image') {
    const header = await readPictureHeader(file.tempPath, 'image');
    return { source, width: header.width, height: header.height };
  }
  const frame = await extractPoster(deps.mediaTools, file.tempPath);
  const header = frame ? await readPictureHeader(frame.poster, 'video') : null;
  return { source, poster: frame?.poster ?? null, width: frame?.width ?? header?.width, height: frame?.height ?? header?.height };
}
