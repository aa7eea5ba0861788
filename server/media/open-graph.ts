import type { Creative } from '@domain/types';
import { MEDIA_URL_PREFIX } from '../services/creatives/creative-row';
import { openGraphFileName, openGraphSize, parseStoredName } from './derivatives';

/** The link-preview image of a creative's page: `og:image` (+ `:width`, `:height`) and `twitter:image`. */
export interface OpenGraphImage {
  /** Site-relative, like the DTO's mediaUrl (`/media/creatives/<ms>-<hex>-og.jpg`): the page makes it absolute. */
  url: string;
  width: number;
  height: number;
}

/**
 * The link-preview JPEG of a creative (server/media/derivatives.ts openGraphDerivative), told from its
 * API answer alone — no database or store access, so the HTML renderer can call it as it writes the
 * head:
 * - its URL is the original's (mediaUrl) with `-og.jpg` for the extension, as every derivative is named;
 * - its size is the creative's (width × height, the upright picture: an image as stored, a video's
 *   frame) scaled to at most 1200 px wide, with sharp's own rounding (openGraphSize): the file's real size;
 * - it exists for every creative whose picture could be read, i.e. that has responsive variants
 *   (`sources`): both are made from the same picture at upload, and by `npm run media:backfill` for
 *   media stored before. The DTO does not say whether the backfill has run for this creative: until it
 *   has, the URL of an older creative answers 404 (a crawler then shows the preview without a picture).
 * Null when there is nothing to show: no media, an original that is not a stored file (a legacy
 * `image` URL), a video without poster, a picture never read (no `sources`), or an unknown size.
 */
export function openGraphImage(creative: Creative): OpenGraphImage | null {
  const { mediaUrl, width, height } = creative;
  if (!mediaUrl?.startsWith(MEDIA_URL_PREFIX)) return null;
  const stored = parseStoredName(mediaUrl.slice(MEDIA_URL_PREFIX.length));
  if (!stored?.ext) return null;
  if (creative.mediaType === 'video' && !creative.posterUrl) return null;
  if (!creative.sources) return null;
  if (!width || !height || width < 1 || height < 1) return null;
  return { url: `${MEDIA_URL_PREFIX}${openGraphFileName(stored.base)}`, ...openGraphSize(width, height) };
}
