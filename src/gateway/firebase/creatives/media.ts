import { acceptedMedia, mediaProblem } from '@domain/media-rules';
import { MSG } from '@domain/messages';
import type { User } from '@domain/types';
import type { UploadProgress } from '../../types';
import { guard, type FirebaseContext } from '../context';
import { gatewayError } from '../errors';
import type { StoredMedia } from '../storage';

/** The picked file against spec §5 (type, size), with the server's error codes. */
export function checkMedia(file: (Blob & { name?: string }) | null | undefined): void {
  if (!file) throw gatewayError('VALIDATION', MSG.mediaRequired, { media: MSG.mediaRequired });
  const problem = mediaProblem({ type: file.type.toLowerCase(), size: file.size });
  if (!problem) return;
  const code = acceptedMedia(file.type) ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA';
  throw gatewayError(code, problem, { media: problem });
}

/** Intrinsic size of an image, where the browser can tell (reserves the card's aspect ratio). */
async function imageSize(file: Blob, kind: string): Promise<{ width: number | null; height: number | null }> {
  if (kind !== 'image' || typeof createImageBitmap !== 'function') return { width: null, height: null };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: null, height: null };
  }
}

/** Uploads the file (Cloud Storage by default) and measures an image. */
export async function storeMedia(
  ctx: FirebaseContext,
  file: Blob & { name?: string },
  viewer: User,
  onProgress?: (p: UploadProgress) => void,
): Promise<StoredMedia & { width: number | null; height: number | null }> {
  const stored = await guard(ctx, () => ctx.media.upload(file, { uploadedBy: viewer.id, onProgress }));
  return { ...stored, ...(await imageSize(file, stored.kind)) };
}

/** Deletes a stored file; a failure is logged, never thrown (the write it followed stands). */
export function removeMedia(ctx: FirebaseContext, path: unknown): Promise<void> {
  if (typeof path !== 'string' || !path) return Promise.resolve();
  return ctx.media.remove(path).catch((err: unknown) => ctx.log(`[firebase] could not delete ${path}`, err));
}
