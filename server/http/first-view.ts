import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';
import { IMAGE_SIZES, type ImagePlace } from '@domain/image-sizes';
import type { Creative, Highlights, ImageSources } from '@domain/types';
import { cacheKey } from './response-cache';

/**
 * The first view of a page without a second round trip (issue 13): the HTML of `/` and of a
 * creative's page carries the API answers their first render needs — the session, the highlights
 * and the gallery's first page, or the creative and its first comments — in a
 * `<script type="application/json" id="creatheque-first-view">`, keyed by API URL. The web app's
 * http transport answers those GETs from it once (src/gateway/http/first-view.ts), so cards render
 * as soon as the script runs, and the largest image is preloaded from the head.
 *
 * The answers are made by the API itself (an in-process request with the visitor's cookie), so
 * every rule — session, permissions, likedByMe, the analysis, the shared cache — is the API's own.
 */
/** Anything that answers a Request (the Hono app). */
export interface ApiHandler {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

const CREATIVE_PAGE = /^\/creatives\/([^/]+)$/;

/** The API GETs the first render of an HTML path makes, in the web app's own URL form. */
export function firstViewUrls(path: string, search: string): string[] {
  const urls = ['/api/auth/session'];
  if (path === '/' && !search) urls.push('/api/creatives/highlights', '/api/creatives');
  const creative = CREATIVE_PAGE.exec(path);
  const id = creative ? decodedSegment(creative[1]!) : null;
  if (id !== null) urls.push(`/api/creatives/${encodeURIComponent(id)}`, `/api/creatives/${encodeURIComponent(id)}/comments`);
  return urls;
}

/** A path segment decoded, or null when it is not valid percent-encoding (the page shows its own error). */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export interface FirstView {
  /** `<script>` with the answers and `<link rel="preload">` of the largest image, for the head. */
  head: string;
}

/** Asks the API for each URL with the request's cookie; keeps the 200 JSON answers. */
export async function firstView(api: ApiHandler, urls: string[], cookie: string | undefined): Promise<FirstView> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      try {
        const res = await api.request(url, { headers: cookie ? { cookie } : {} });
        const type = res.headers.get('content-type') ?? '';
        if (res.status !== 200 || !type.startsWith('application/json')) {
          await res.body?.cancel();
          return null;
        }
        return [cacheKey(url.split('?')[0]!, url), await res.text()] as const;
      } catch {
        return null; // the page then asks for it itself, and shows the API's error
      }
    }),
  );
  const found = answers.filter((a) => a !== null);
  if (found.length === 0) return { head: '' };
  const json = `{${found.map(([url, text]) => `${JSON.stringify(url)}:${text}`).join(',')}}`;
  // `<` never appears in JSON outside strings; escaped there, the text cannot close the script.
  const script = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
  const preload = preloadTag(largestImage(Object.fromEntries(found)));
  return { head: preload + script };
}

interface Picture {
  src: string;
  sources: ImageSources | null | undefined;
  place: ImagePlace;
}

/**
 * The picture the first view shows largest, as the page renders it: the creative of the month's
 * card on home, the media itself (a video's poster) on a creative's page.
 */
function largestImage(answers: Record<string, string>): Picture | null {
  const highlights = answers['/api/creatives/highlights'];
  if (highlights) {
    const month = (JSON.parse(highlights) as Highlights).creativeOfMonth;
    const src = month?.thumbUrl ?? month?.posterUrl;
    return src ? { src, sources: month!.sources, place: 'highlight' } : null;
  }
  // (Home returned above: here the only /api/creatives/… answer is the page's creative.)
  const detail = Object.entries(answers).find(([url]) => /^\/api\/creatives\/[^/]+$/.test(url));
  if (!detail) return null;
  const creative = JSON.parse(detail[1]) as Creative;
  if (creative.mediaType === 'video') return creative.posterUrl ? { src: creative.posterUrl, sources: null, place: 'detail' } : null;
  return creative.mediaUrl ? { src: creative.mediaUrl, sources: creative.sources, place: 'detail' } : null;
}

/** A preload of the picture the way the page asks for it: its AVIF srcset and sizes when it has variants. */
function preloadTag(picture: Picture | null): string {
  if (!picture) return '';
  if (!picture.sources) return `<link rel="preload" as="image" href="${escapeAttribute(picture.src)}" fetchpriority="high">`;
  return (
    `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeAttribute(picture.sources.avif)}" ` +
    `imagesizes="${escapeAttribute(IMAGE_SIZES[picture.place])}" fetchpriority="high">`
  );
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
