/**
 * The URLs of the load test. Query parameter names and values follow domain/schemas/gallery.ts
 * (format/objective/type/sector/platform from the vocabulary lists, junto/tested flags, q, sort,
 * cursor), domain/schemas/analytics.ts (period) and domain/schemas/users.ts (q, role).
 */
import { PERIODS } from '@domain/analytics';
import type { RunRequest } from './spec';

export type Who = 'anonymous' | 'user' | 'admin';

export interface Scenario {
  name: string;
  path: string;
  who: Who;
  /** Also timed sequentially ("query time with caches off"). */
  gallery: boolean;
  /** Custom request sequences per connection (the like storm); default: GET path. */
  clients?: RunRequest[][];
}

export interface ScenarioContext {
  detailId: string;
  commentsId: string;
  stormId: string;
  /** Cursor of a deep gallery page (home order), see --deep-pages. */
  deepCursor: string | null;
  /** Cookie headers of the storm's accounts. */
  stormCookies: string[];
  origin: string;
}

export const COMMON_Q = 'croquettes';
/** Accented on purpose: the search must normalise it like the stored text (zephyrine). */
export const RARE_Q = 'zéphyrine';
/** A typo of the common term, found through the catalogue's words. */
export const TYPO_Q = 'croqettes';
/** Words found in tag values (type, sector), not in names. */
export const WORDS_Q = 'avis clients beauté';

/** Suggestions while typing: a 2-letter prefix, a common word's start, a rare word's start. */
export const SUGGEST_QS = ['cr', 'croq', 'zeph'];

const gallery = (name: string, params: Record<string, string> = {}, who: Who = 'anonymous'): Scenario => {
  const qs = new URLSearchParams(params).toString();
  return { name, path: `/api/creatives${qs ? `?${qs}` : ''}`, who, gallery: true };
};

export function galleryScenarios(deepCursor: string | null, deepPage = 500): Scenario[] {
  return [
    gallery('home'),
    gallery('sort=likes', { sort: 'likes' }),
    gallery('format=Vidéo', { format: 'Vidéo' }),
    gallery('objective=MOFU', { objective: 'MOFU' }),
    gallery('type=Témoignage', { type: 'Témoignage' }),
    gallery('sector=Beauté', { sector: 'Beauté' }),
    gallery('platform=TikTok', { platform: 'TikTok' }),
    gallery('format+sector+platform', { format: 'Vidéo', sector: 'Beauté', platform: 'TikTok' }),
    gallery('junto=1', { junto: '1' }),
    gallery('tested=1', { tested: '1' }),
    gallery('junto=1&tested=1', { junto: '1', tested: '1' }),
    gallery(`q=${COMMON_Q} (common)`, { q: COMMON_Q }),
    gallery(`q=${RARE_Q} (rare)`, { q: RARE_Q }),
    // Issue 17: a typo (corrected), several words over name and tags, a search sorted by date, a member's search.
    gallery(`q=${TYPO_Q} (typo)`, { q: TYPO_Q }),
    gallery(`q=${WORDS_Q} (words)`, { q: WORDS_Q }),
    gallery(`q=${COMMON_Q}&sort=recent`, { q: COMMON_Q, sort: 'recent' }),
    gallery(`q=${COMMON_Q} signed in`, { q: COMMON_Q }, 'user'),
    ...(deepCursor ? [gallery(`cursor page ${deepPage}`, { cursor: deepCursor })] : []),
    gallery('home signed in', {}, 'user'),
  ];
}

export function otherScenarios(ctx: ScenarioContext): Scenario[] {
  const get = (name: string, path: string, who: Who = 'anonymous'): Scenario => ({ name, path, who, gallery: false });
  const like = `/api/creatives/${ctx.stormId}/like`;
  const headers = (cookie: string) => ({ cookie, origin: ctx.origin });
  return [
    // Pages a visitor opens: HTML rendered on the server (kept in the shared cache like the JSON).
    get('page: home (HTML)', '/'),
    get(`page: home q=${COMMON_Q} (HTML)`, `/?q=${COMMON_Q}`),
    get('page: creative (HTML)', `/creatives/${ctx.detailId}`),
    get('highlights', '/api/creatives/highlights'),
    get('detail', `/api/creatives/${ctx.detailId}`),
    get('comments', `/api/creatives/${ctx.commentsId}/comments`),
    // Signed in (issue 17): suggestions come from one cached entry for everyone, similar creatives from the
    // members' shared entry plus the viewer's likes.
    ...SUGGEST_QS.map((q) => get(`suggest q=${q}`, `/api/creatives/suggestions?q=${encodeURIComponent(q)}`, 'user')),
    get('similar', `/api/creatives/${ctx.detailId}/similar`, 'user'),
    // Facet counts: the catalogue's (in memory), a filtered view's, a search's (its matches).
    get('facets', '/api/creatives/facets'),
    get('facets sector=Beauté', `/api/creatives/facets?sector=${encodeURIComponent('Beauté')}`),
    get(`facets q=${COMMON_Q}`, `/api/creatives/facets?q=${COMMON_Q}`),
    get('facets signed in', '/api/creatives/facets', 'user'),
    get('favorites', '/api/favorites', 'user'),
    get('folders', '/api/folders', 'user'),
    get('review queue (pending)', '/api/review/creatives?status=pending', 'admin'),
    get('users ?q=martin', '/api/users?q=martin', 'admin'),
    ...PERIODS.map((p) => get(`analytics period=${p}`, `/api/analytics?period=${p}`, 'admin')),
    {
      name: 'like/unlike storm',
      path: like,
      who: 'user',
      gallery: false,
      // Each connection alternates like and unlike as one of several accounts, on the same hot creative.
      clients: ctx.stormCookies.map((cookie) => [
        { method: 'POST', path: like, headers: headers(cookie) },
        { method: 'DELETE', path: like, headers: headers(cookie) },
      ]),
    },
  ];
}
