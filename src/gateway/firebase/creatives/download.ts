import { downloadFileName } from '@domain/download';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { requireUid, type FirebaseContext } from '../context';
import { gatewayError } from '../errors';

/** A member's download of a creative's file, fetched by the browser from its URL, with its French file name. */
export async function downloadCreative(ctx: FirebaseContext, creative: Creative): Promise<{ blob: Blob; fileName: string }> {
  await requireUid(ctx);
  const url = creative.mediaUrl ?? creative.image;
  if (!url) throw gatewayError('NOT_FOUND', MSG.mediaUnavailable);
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    ctx.log('[firebase] download failed', err);
    throw gatewayError('INTERNAL', MSG.downloadError);
  }
  if (!res.ok) throw gatewayError(res.status === 404 ? 'NOT_FOUND' : 'INTERNAL', MSG.downloadError);
  const blob = await res.blob();
  return { blob, fileName: downloadFileName(creative.name, blob.type || res.headers.get('content-type')) };
}
