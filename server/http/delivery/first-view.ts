import { FIRST_VIEW_ELEMENT_ID, FIRST_VIEW_STATUS_KEY } from '@domain/first-view';
import type { FirstViewAnswer } from '@domain/page-render';
import { IMAGE_SIZES, type ImagePlace } from '@domain/image-sizes';
import type { Creative, Highlights, ImageSources } from '@domain/types';
import { cacheKey } from '@server/cache/response-cache';

/**
 * The first view of a page without a second round trip: the HTML of a page carries the API
 * answers its first render needs — the session, the highlights and the gallery of the URL's view,
 * or a creative and its first comments (src/app/first-view.ts says which) — in a
 * `<script type="application/json" id="creatheque-first-view">`, keyed by API URL. The web app's
 * http transport answers those GETs from it once (src/gateway/http/first-view.ts), so the page
 * renders (or adopts the server's HTML) as soon as the script runs, and the largest image is
 * preloaded from the head.
 *
 * The answers are made by the API itself (in-process requests with the visitor's cookie, see
 * server/render/), so every rule — session, permissions, likedByMe, the analysis, the shared
 * cache — is the API's own. A client-rendered page carries its 200 answers only (the page asks
 * again for the others and shows the API's error); a server-rendered one also the refusals it
 * shows (a share's password prompt), so that the browser renders the same.
 */
export function firstViewHead(answers: Map<string, FirstViewAnswer>, options: { refusals: boolean }): string {
  const kept = [...answers].filter(([, answer]) => answer.status === 200 || (options.refusals && answer.status < 500));
  if (kept.length === 0) return '';
  const keyed = kept.map(([url, answer]) => [cacheKey(url.split('?')[0]!, url), answer] as const);
  const statuses = Object.fromEntries(keyed.filter(([, answer]) => answer.status !== 200).map(([url, answer]) => [url, answer.status]));
  const entries = keyed.map(([url, answer]) => `${JSON.stringify(url)}:${answer.text}`);
  if (Object.keys(statuses).length) entries.push(`${JSON.stringify(FIRST_VIEW_STATUS_KEY)}:${JSON.stringify(statuses)}`);
  // `<` never appears in JSON outside strings; escaped there, the text cannot close the script.
  const script = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">{${entries.join(',').replace(/</g, '\\u003c')}}</script>`;
  const ok = Object.fromEntries(keyed.filter(([, answer]) => answer.status === 200).map(([url, answer]) => [url, answer.text]));
  return preloadTag(largestImage(ok)) + script;
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
