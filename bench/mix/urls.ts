/**
 * bench:mix's list of distinct URLs, drawn with a seeded generator from the catalogue's words and
 * ids. Parameter names and values follow domain/schemas/gallery.ts (q, format/objective/type/
 * sector/platform from the vocabulary lists, junto/tested flags, sort) and
 * domain/schemas/suggestions.ts (q). Two URLs are the same when their parameters are, the search
 * term compared as the server compares it (normalizeSearch: case and accents ignored).
 */
import { GALLERY_SORTS } from '@domain/gallery-filters';
import { normalizeSearch } from '@domain/search';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import { lettersOf, type Catalogue } from './catalogue';
import type { Random } from './random';

export const KINDS = ['gallery', 'gallery-searched', 'facets', 'suggestions', 'detail', 'similar', 'comments'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  gallery: 'gallery',
  'gallery-searched': 'gallery searched',
  facets: 'facets',
  suggestions: 'suggestions',
  detail: 'detail',
  similar: 'similar',
  comments: 'comments',
};

/**
 * Share of each kind in the full mix, in per cent: 45 gallery pages (most with a search), 15 facet
 * counts, 10 suggestions, 30 for one creative (detail, similar, comments).
 */
export const WEIGHTS: Record<Kind, number> = {
  gallery: 18,
  'gallery-searched': 27,
  facets: 15,
  suggestions: 10,
  detail: 10,
  similar: 10,
  comments: 10,
};

/** The "searches" mix: gallery pages with a search term only. */
export const SEARCH_KINDS: readonly Kind[] = ['gallery-searched'];

export interface MixUrl {
  kind: Kind;
  path: string;
  /** How it was made: word, typo, two-words, prefix, filters, sort… joined by '+'. */
  shape: string;
}

export interface UrlCounts {
  /** Distinct URLs wanted: gallery pages (with and without a search), facet views, suggestions at most. */
  views: number;
  facets: number;
  suggestions: number;
}

type Params = [string, string][];

const FLAGS = ['junto', 'tested'] as const;
const GROUPS = [...CATEGORY_KEYS, ...FLAGS] as const;
const SORTS = GALLERY_SORTS.filter((s) => s !== 'relevance');

/** As typed: mostly in lower case, sometimes as written (capitals, accents). */
const typed = (random: Random, word: string) => (random.chance(0.75) ? word.toLowerCase() : word);

class Terms {
  /** Words of at least n letters, n = 3…6. */
  private readonly longer = new Map<number, string[]>();

  constructor(
    private readonly random: Random,
    private readonly catalogue: Catalogue,
  ) {
    for (let n = 3; n <= 6; n++)
      this.longer.set(
        n,
        catalogue.words.filter((w) => lettersOf(w).length >= n),
      );
    if (!this.longer.get(6)!.length) throw new Error('The sample holds no word of 6 letters or more');
  }

  /** A search term and its shape: a word, a typo of one, two words, a word's first letters. */
  next(): { q: string; shape: string } | null {
    const r = this.random;
    const shape = r.weighted([
      ['word', 40],
      ['typo', 20],
      ['two-words', 20],
      ['prefix', 20],
    ] as const);
    switch (shape) {
      case 'word':
        return { q: typed(r, r.pick(this.catalogue.words)), shape };
      case 'typo': {
        // One dropped letter or two adjacent letters swapped, in a word of 5 letters or more.
        const letters = lettersOf(r.pick(this.longer.get(5)!).toLowerCase());
        const original = letters.join('');
        if (r.chance(0.5)) letters.splice(r.int(0, letters.length - 1), 1);
        else {
          const i = r.int(0, letters.length - 2);
          [letters[i], letters[i + 1]] = [letters[i + 1]!, letters[i]!];
        }
        const q = letters.join('');
        return q === original ? null : { q, shape };
      }
      case 'two-words': {
        // Mostly two neighbours of one creative's name and advertiser (they match it), else any two.
        if (r.chance(0.6) && this.catalogue.phrases.length) {
          const phrase = r.pick(this.catalogue.phrases);
          const i = r.int(0, phrase.length - 2);
          return { q: `${phrase[i]} ${phrase[i + 1]}`.toLowerCase(), shape };
        }
        const [a, b] = r.sample(this.catalogue.words, 2);
        return { q: `${typed(r, a!)} ${typed(r, b!)}`, shape };
      }
      case 'prefix': {
        const n = r.int(3, 5);
        return {
          q: lettersOf(r.pick(this.longer.get(n + 1)!))
            .slice(0, n)
            .join('')
            .toLowerCase(),
          shape,
        };
      }
    }
  }
}

/** 1–3 filter groups: a vocabulary list with 1–2 of its values, or a flag (junto=1, tested=1). */
function filters(random: Random): Params {
  const params: Params = [];
  for (const group of random.sample(GROUPS, random.int(1, 3))) {
    if (group === 'junto' || group === 'tested') params.push([group, '1']);
    else for (const value of random.sample(CATEGORY_LISTS[group], random.int(1, 2))) params.push([group, value]);
  }
  return params;
}

function urlOf(kind: Kind, base: string, params: Params, shape: string): MixUrl & { key: string } {
  const query = new URLSearchParams(params).toString();
  const canonical = params.map(([k, v]) => `${k}=${k === 'q' ? normalizeSearch(v) : v}`).sort();
  return { kind, path: query ? `${base}?${query}` : base, shape, key: `${base}?${canonical.join('&')}` };
}

/**
 * Distinct URLs: `counts.views` gallery pages (shared 18:27 between pages without and with a
 * search), `counts.facets` facet views, up to `counts.suggestions` suggestions, and the detail,
 * similar creatives and comments of every id.
 */
export function buildUrls(random: Random, catalogue: Catalogue, counts: UrlCounts): MixUrl[] {
  const terms = new Terms(random, catalogue);
  const seen = new Set<string>();
  const out: MixUrl[] = [];
  const add = (url: (MixUrl & { key: string }) | null): boolean => {
    if (!url || seen.has(url.key)) return false;
    seen.add(url.key);
    out.push({ kind: url.kind, path: url.path, shape: url.shape });
    return true;
  };
  /** Adds `wanted` distinct URLs of `make`, giving up after 50 tries per URL (a small catalogue). */
  const collect = (wanted: number, make: () => (MixUrl & { key: string }) | null) => {
    let added = 0;
    for (let tries = 0; added < wanted && tries < wanted * 50; tries++) if (add(make())) added++;
  };
  const sortOf = (p: number): Params => (random.chance(p) ? [['sort', random.pick(SORTS)]] : []);
  const shapeOf = (...parts: (string | false)[]) => parts.filter(Boolean).join('+');

  // Gallery pages without a search: the home page and its sorts, then filtered views.
  const plain = Math.round((counts.views * WEIGHTS.gallery) / (WEIGHTS.gallery + WEIGHTS['gallery-searched']));
  add(urlOf('gallery', '/api/creatives', [], 'home'));
  for (const sort of SORTS) add(urlOf('gallery', '/api/creatives', [['sort', sort]], 'sort'));
  collect(plain - 1 - SORTS.length, () => {
    const sort = sortOf(0.25);
    return urlOf('gallery', '/api/creatives', [...filters(random), ...sort], shapeOf('filters', sort.length > 0 && 'sort'));
  });

  // Searches, a third of them with filters, some sorted by likes or date (else by relevance).
  collect(counts.views - plain, () => {
    const term = terms.next();
    if (!term) return null;
    const filtered = random.chance(0.35) ? filters(random) : [];
    const sort = sortOf(0.2);
    const shape = shapeOf(term.shape, filtered.length > 0 && 'filters', sort.length > 0 && 'sort');
    return urlOf('gallery-searched', '/api/creatives', [['q', term.q], ...filtered, ...sort], shape);
  });

  // Facet counts of random views: a search, filters, or both; and the catalogue's own.
  add(urlOf('facets', '/api/creatives/facets', [], 'catalogue'));
  collect(counts.facets - 1, () => {
    const shape = random.weighted([
      ['search', 40],
      ['filters', 40],
      ['search+filters', 20],
    ] as const);
    const term = shape === 'filters' ? null : terms.next();
    if (shape !== 'filters' && !term) return null;
    const params: Params = [...(term ? ([['q', term.q]] as Params) : []), ...(shape === 'search' ? [] : filters(random))];
    return urlOf('facets', '/api/creatives/facets', params, shapeOf(term?.shape ?? false, shape !== 'search' && 'filters'));
  });

  // Suggestions while typing: the 2–5 first letters of the catalogue's words, in random order.
  const prefixes = new Map<string, string>();
  for (const word of catalogue.words) {
    const letters = lettersOf(word.toLowerCase());
    for (let n = 2; n <= Math.min(5, letters.length); n++) {
      const prefix = letters.slice(0, n).join('');
      const key = normalizeSearch(prefix);
      if (!prefixes.has(key)) prefixes.set(key, prefix);
    }
  }
  const chosen = random.shuffle([...prefixes.values()].sort()).slice(0, counts.suggestions);
  for (const prefix of chosen)
    add(urlOf('suggestions', '/api/creatives/suggestions', [['q', prefix]], `${lettersOf(prefix).length} letters`));

  // One creative: its page, its similar creatives, its comments.
  for (const id of catalogue.ids) {
    const base = `/api/creatives/${encodeURIComponent(id)}`;
    add(urlOf('detail', base, [], 'id'));
    add(urlOf('similar', `${base}/similar`, [], 'id'));
    add(urlOf('comments', `${base}/comments`, [], 'id'));
  }
  return out;
}

/** URLs per kind and per shape (for the report). */
export function countUrls(urls: readonly MixUrl[]): { byKind: Record<string, number>; byShape: Record<string, number> } {
  const byKind: Record<string, number> = {};
  const byShape: Record<string, number> = {};
  for (const u of urls) {
    byKind[u.kind] = (byKind[u.kind] ?? 0) + 1;
    const shape = `${u.kind}: ${u.shape}`;
    byShape[shape] = (byShape[shape] ?? 0) + 1;
  }
  return { byKind, byShape };
}
