/**
 * Reads billed per page of a search in 'Pertinence' order in the Firebase mode (docs/decisions/027,
 * docs/benchmarks.md): for each search, a visitor lists up to MAX_PAGES pages in relevance order,
 * checks them against the domain's order over the seeded catalogue (domain/relevance.ts: every word
 * in the name first, then the others, newest first within each), and reports the reads of the first
 * two pages, the most a page billed, and the reads and creatives of the pages walked.
 * Used by bench/firebase-reads.ts (`--only relevance`).
 */
import { isDeepStrictEqual } from 'node:util';
import { matchesFilters } from '@domain/gallery-filters';
import { searchTermWords, substringTier } from '@domain/relevance';
import { matchesSearch, normalizeSearch } from '@domain/search';
import { CATEGORY_KEYS, splitCategory } from '@domain/vocabulary';
import type { FirebaseGateway } from '@/gateway/firebase';
import { galleryFiltersOf } from '@/gateway/firebase/gallery-plan';
import { readsSince } from '@/gateway/firebase/reads';
import type { GalleryQuery, GallerySort } from '@/gateway/types';
import { RARE_WORD } from '../scale/words';
import type { SeededCreative } from './gallery-seed';

const SEARCHES: { label: string; query: GalleryQuery }[] = [
  { label: 'a word of names (croquettes)', query: { q: 'croquettes' } },
  { label: 'a word of names and advertisers (bio)', query: { q: 'bio' } },
  { label: 'a word of advertisers only (lumière)', query: { q: 'lumière' } },
  { label: 'two words (crème bio)', query: { q: 'crème bio' } },
  { label: `a rare word (${normalizeSearch(RARE_WORD)})`, query: { q: RARE_WORD } },
  { label: 'group + search (Vidéo + bio)', query: { filters: { format: ['Vidéo'] }, q: 'bio' } },
  { label: 'one letter (a)', query: { q: 'a' } },
];

/** Pages walked at most per list (the emulator takes about a second a page on a busy machine). */
const MAX_PAGES = 12;

/** The domain's relevance order of the seeded catalogue for a query. */
function expectedOrder(seeded: readonly SeededCreative[], query: GalleryQuery): { ids: string[]; inName: number } {
  const term = query.q ?? '';
  const words = searchTermWords(term);
  const tier = (c: SeededCreative) =>
    substringTier(words, {
      name: c.data.name,
      advertiser: c.data.advertiser,
      tags: CATEGORY_KEYS.flatMap((k) => splitCategory(c.data[k])).join(' '),
    });
  const matching = seeded.filter(
    (c) => c.data.status === 'approved' && matchesFilters(c.data, galleryFiltersOf(query)) && matchesSearch(c.data, term),
  );
  const sorted = matching
    .map((c) => ({ c, tier: tier(c) }))
    .sort(
      (a, b) =>
        a.tier - b.tier || b.c.data.createdAt.getTime() - a.c.data.createdAt.getTime() || (a.c.id < b.c.id ? 1 : a.c.id > b.c.id ? -1 : 0),
    );
  return { ids: sorted.map((s) => s.c.id), inName: sorted.filter((s) => s.tier === 0).length };
}

/** The first MAX_PAGES pages of a list in one sort: the ids and each page's reads and items. */
async function walk(gateway: FirebaseGateway, query: GalleryQuery, sort: GallerySort) {
  const ids: string[] = [];
  const pages: { reads: number; items: number }[] = [];
  let cursor: string | null = null;
  do {
    const before = { ...gateway.reads };
    const page = await gateway.creatives.list({ ...query, sort, cursor });
    pages.push({ reads: readsSince(before, gateway.reads), items: page.items.length });
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor && pages.length < MAX_PAGES);
  return { ids, pages, complete: cursor === null };
}

/** The markdown table of the relevance reads (each list on a fresh visitor's gateway, disposed after). */
export async function relevanceReadTable(visitor: () => FirebaseGateway, seeded: readonly SeededCreative[]): Promise<string[]> {
  const lines = [
    `| search | matching | in the name | page 1 reads (items) | page 2 reads (items) | most reads a page | first ${MAX_PAGES} pages: reads (items) |`,
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { label, query } of SEARCHES) {
    const gateway = visitor();
    try {
      const want = expectedOrder(seeded, query);
      const walked = await walk(gateway, query, 'relevance');
      if (!isDeepStrictEqual(walked.ids, want.ids.slice(0, walked.ids.length)))
        throw new Error(`${label}: not the domain's relevance order`);
      if (walked.complete && walked.ids.length !== want.ids.length) throw new Error(`${label}: the list ended early`);
      console.error(`relevance: ${label} (${walked.pages.length} pages)`);
      const cell = (i: number) => (walked.pages[i] ? `${walked.pages[i]!.reads} (${walked.pages[i]!.items})` : '–');
      const most = Math.max(...walked.pages.map((p) => p.reads));
      const reads = walked.pages.reduce((n, p) => n + p.reads, 0);
      const whole = walked.complete ? ` — the whole list in ${walked.pages.length} pages` : '';
      lines.push(
        `| ${label} | ${want.ids.length} | ${want.inName} | ${cell(0)} | ${cell(1)} | ${most} | ${reads} (${walked.ids.length})${whole} |`,
      );
    } finally {
      await gateway.dispose();
    }
  }
  return lines;
}
