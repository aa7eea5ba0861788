import type { FirstViewAnswer, PageAddress } from '@domain/page-render';
import type { Creative } from '@domain/types';
import { escapeAttribute } from '../http/delivery/first-view';
import { openGraphImage } from '../media/open-graph';

/**
 * The head of each page for search engines and link previews: its own `<title>`, description and
 * canonical URL, and the Open Graph / Twitter card a shared link shows. A creative's card carries
 * its name, advertiser and a 1200-px picture; a share link's card is generic — it never names the
 * folder nor shows its creatives; a page that is not found (a pending or rejected creative) says
 * so and is not indexed.
 */

const SITE_NAME = 'Créathèque';
const SITE_TITLE = 'Créathèque — bibliothèque de créatives publicitaires';
const SITE_DESCRIPTION = 'Créathèque — la bibliothèque de créatives publicitaires analysées.';

export interface PageTags {
  title: string;
  description: string;
  /** Absolute; absent on a page not meant for search engines. */
  canonical?: string;
  noindex?: boolean;
  type?: 'website' | 'article';
  image?: { url: string; width: number; height: number; alt: string };
}

const CREATIVE_PAGE = /^\/creatives\/([^/]+)$/;
const SHARE_PAGE = /^\/partage\//;

/** The tags of the page at `address`, from the answers its first render used. */
export function pageTags(address: PageAddress, answers: Map<string, FirstViewAnswer>, publicUrl: string): PageTags {
  const here = publicUrl + address.pathname + sortedSearch(address.search);
  if (address.pathname === '/') {
    const q = new URLSearchParams(address.search).get('q')?.trim();
    return { title: q ? `« ${q} » — ${SITE_NAME}` : SITE_TITLE, description: SITE_DESCRIPTION, canonical: here, type: 'website' };
  }
  if (SHARE_PAGE.test(address.pathname)) {
    return {
      title: `Dossier partagé — ${SITE_NAME}`,
      description: 'Un dossier de créatives partagé sur Créathèque.',
      noindex: true,
      type: 'website',
    };
  }
  if (CREATIVE_PAGE.test(address.pathname)) {
    const answer = [...answers].find(([url]) => CREATIVE_API.test(url.split('?')[0]!))?.[1];
    if (answer?.status !== 200) return { title: `Page introuvable — ${SITE_NAME}`, description: SITE_DESCRIPTION, noindex: true };
    return creativeTags(JSON.parse(answer.text) as Creative, publicUrl + address.pathname, publicUrl);
  }
  return { title: SITE_NAME, description: SITE_DESCRIPTION };
}

const CREATIVE_API = /^\/api\/creatives\/(?!highlights$|facets$|suggestions$)[^/]+$/;

function creativeTags(creative: Creative, canonical: string, publicUrl: string): PageTags {
  const kind = creative.mediaType === 'video' ? 'Vidéo' : 'Image';
  const image = openGraphImage(creative);
  return {
    title: `${creative.name} — ${creative.advertiser} · ${SITE_NAME}`,
    description: `${kind} publicitaire de ${creative.advertiser} : « ${creative.name} », à voir et à analyser sur Créathèque.`,
    canonical,
    type: 'article',
    image: image ? { ...image, url: publicUrl + image.url, alt: `${creative.name} — ${creative.advertiser}` } : undefined,
  };
}

function sortedSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The tags as HTML for the head. */
export function headTags(tags: PageTags): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}">`;
  const parts = [`<title>${escapeText(tags.title)}</title>`, meta('name', 'description', tags.description)];
  if (tags.canonical) parts.push(`<link rel="canonical" href="${escapeAttribute(tags.canonical)}">`);
  if (tags.noindex) parts.push(meta('name', 'robots', 'noindex'));
  parts.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
  );
  if (tags.type) parts.push(meta('property', 'og:type', tags.type));
  if (tags.canonical) parts.push(meta('property', 'og:url', tags.canonical));
  if (tags.image) {
    parts.push(
      meta('property', 'og:image', tags.image.url),
      meta('property', 'og:image:width', String(tags.image.width)),
      meta('property', 'og:image:height', String(tags.image.height)),
      meta('property', 'og:image:alt', tags.image.alt),
      meta('name', 'twitter:image', tags.image.url),
    );
  }
  parts.push(
    meta('name', 'twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
  );
  return parts.join('');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
