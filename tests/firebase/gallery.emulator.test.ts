import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesFilters, type GalleryFilters } from '@domain/gallery-filters';
import { PAGE_SIZE } from '@domain/limits';
import { matchesSearch } from '@domain/search';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import { MAX_SCANNED_PER_PAGE } from '@/gateway/firebase/creatives/gallery-scan';
import { readsSince } from '@/gateway/firebase/reads';
import type { FirebaseGateway } from '@/gateway/firebase';
import type { GalleryQuery, GallerySort } from '@/gateway/types';
import { generateGalleryCreatives, type SeededCreative } from '../../bench/firebase/gallery-seed';
import { probe, reportSkip } from './emulators';
import { catalogueOnEmulators, everyGalleryPage } from './harness';

/**
 * The gallery on the Firestore emulator, served by the index of its most selective part
 * (src/gateway/firebase/gallery-plan.ts): for many filter and search combinations, every page in
 * turn gives exactly what the domain rules keep over the whole catalogue (`matchesFilters`,
 * `matchesSearch`), in the gallery's order, each creative once — and no page bills more reads than
 * MAX_SCANNED_PER_PAGE (one filter group or one search word alone: a page and one more document).
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/gallery.emulator.test.ts (gallery reads by index)', missing);

const APPROVED = 420;
const catalogue: SeededCreative[] = generateGalleryCreatives({ approved: APPROVED, pending: 40, seed: 1605 });
// Ties on the sort keys: the document id must still order them, and the cursor keep each once.
for (let i = 10; i < APPROVED; i += 10) catalogue[i]!.data.createdAt = catalogue[i - 1]!.data.createdAt;

/** Words of the catalogue's names and advertisers, from which the searches are drawn (and a few that match nothing). */
const WORDS = [...new Set(catalogue.flatMap((c) => `${c.data.name} ${c.data.advertiser}`.split(' ')))];

const filtersOf = (q: GalleryQuery): GalleryFilters => ({
  categories: q.filters ?? {},
  isJuntoAngel: q.isJuntoAngel === true,
  testedAndApproved: q.testedAndApproved === true,
});

/** What the gallery must show for a query: the domain rules over the whole catalogue, in the gallery's order. */
function expected(q: GalleryQuery, sort: GallerySort): string[] {
  const time = (c: SeededCreative) => c.data.createdAt.getTime();
  return catalogue
    .filter((c) => c.data.status === 'approved' && matchesFilters(c.data, filtersOf(q)) && matchesSearch(c.data, q.q ?? ''))
    .sort((a, b) => (sort === 'likes' ? b.data.likes - a.data.likes : 0) || time(b) - time(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((c) => c.id);
}

/** Every page of a query, with the reads each one billed. */
const everyPage = (gateway: FirebaseGateway, q: GalleryQuery) => everyGalleryPage(gateway, q, APPROVED);

/** A gallery query: up to three groups of one to three values, flags, a search word or two (or one letter, or nothing). */
const queries = fc.record({
  groups: fc
    .subarray([...CATEGORY_KEYS], { maxLength: 3 })
    .chain((keys) =>
      fc.tuple(...keys.map((key) => fc.tuple(fc.constant(key), fc.subarray([...CATEGORY_LISTS[key]], { minLength: 1, maxLength: 3 })))),
    ),
  isJuntoAngel: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  testedAndApproved: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  q: fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b}`) },
    { weight: 1, arbitrary: fc.constantFrom('a', 'É', 'zzz', 'Croquettes bio', 'ÉCLAT') },
  ),
  sort: fc.constantFrom<GallerySort>('recent', 'likes'),
});

describe.skipIf(missing.length > 0)('gallery pages by index on the emulator', () => {
  const { visitor } = catalogueOnEmulators({ auth, firestore }, catalogue);

  it('gives exactly the domain rules over the whole catalogue, page after page, within the read bound', async () => {
    await fc.assert(
      fc.asyncProperty(queries, async ({ groups, isJuntoAngel, testedAndApproved, q, sort }) => {
        const query: GalleryQuery = { filters: Object.fromEntries(groups), isJuntoAngel, testedAndApproved, q, sort };
        const { ids, pages } = await everyPage(visitor(), query);
        expect(ids).toEqual(expected(query, sort));
        for (const page of pages) expect(page.reads).toBeLessThanOrEqual(MAX_SCANNED_PER_PAGE);
      }),
      { seed: 1605, numRuns: 40 },
    );
  }, 300_000);

  it.each<[string, GalleryQuery]>([
    ['no filter', {}],
    ['one format', { filters: { format: ['GIF'] } }],
    ['any of three types', { filters: { type: ['Humour', 'Prix', 'IA'] } }],
    ['a flag', { isJuntoAngel: true }],
    ['one search word', { q: 'sérum' }],
    ['one search word, accents and case ignored', { q: 'CRÈME' }],
  ])('reads a page and one more document when one index serves the whole request: %s', async (_label, query) => {
    for (const sort of ['recent', 'likes'] as const) {
      const { ids, pages } = await everyPage(visitor(), { ...query, sort });
      expect(ids).toEqual(expected(query, sort));
      expect(ids.length).toBeGreaterThan(PAGE_SIZE);
      // Full pages cost PAGE_SIZE + 1 reads; the last one what is left (one read when nothing is).
      for (const page of pages.slice(0, -1)) expect(page).toEqual({ items: PAGE_SIZE, reads: PAGE_SIZE + 1 });
      expect(pages.at(-1)!.reads).toBeLessThanOrEqual(PAGE_SIZE + 1);
    }
  });

  it('ends a page early, with a cursor, when the read bound is reached, and goes on from there', async () => {
    // Common parts combined into a rare request (and a one-letter search no index serves): the
    // index of the best part, over 200 creatives here, still leaves most of them to refuse.
    const query: GalleryQuery = { filters: { format: ['Statique'], objective: ['TOFU'], platform: ['Meta'] }, q: 'z' };
    const { ids, pages } = await everyPage(visitor(), query);
    expect(ids).toEqual(expected(query, 'recent'));
    expect(pages.some((p) => p.items < PAGE_SIZE && p !== pages.at(-1))).toBe(true);
    for (const page of pages) expect(page.reads).toBeLessThanOrEqual(MAX_SCANNED_PER_PAGE);
  });

  it('answers a request one part of which matches nothing with the counts alone', async () => {
    const before = { ...visitor().reads };
    const page = await visitor().creatives.list({ filters: { format: ['GIF'] }, q: 'zzzz' });
    expect(page).toEqual({ items: [], nextCursor: null });
    expect(readsSince(before, visitor().reads)).toBe(2);
  });

  it('keeps its index across pages, and starts again on a cursor made for another request', async () => {
    const query: GalleryQuery = { filters: { format: ['Statique'] }, isJuntoAngel: true };
    const first = await visitor().creatives.list(query);
    const before = { ...visitor().reads };
    const second = await visitor().creatives.list({ ...query, cursor: first.nextCursor });
    // No counting again on the next page: only documents (and at most one empty query).
    expect(visitor().reads.aggregations).toBe(before.aggregations);
    expect(second.items[0]?.id).toBe(expected(query, 'recent')[first.items.length]);
    const other = await visitor().creatives.list({ q: 'croquettes', cursor: first.nextCursor });
    expect(other.items.map((c) => c.id)).toEqual(expected({ q: 'croquettes' }, 'recent').slice(0, PAGE_SIZE));
  });
});
