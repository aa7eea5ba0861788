import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesFilters } from '@domain/gallery-filters';
import { PAGE_SIZE } from '@domain/limits';
import { searchTermWords, substringTier } from '@domain/relevance';
import { matchesSearch } from '@domain/search';
import { CATEGORY_KEYS, splitCategory } from '@domain/vocabulary';
import { derivedFields } from '@/gateway/firebase/creative-document';
import { MAX_SCANNED_PER_PAGE } from '@/gateway/firebase/creatives/gallery-scan';
import type { FirebaseGateway } from '@/gateway/firebase';
import type { GalleryQuery } from '@/gateway/types';
import { generateGalleryCreatives, type SeededCreative } from '../../bench/firebase/gallery-seed';
import { probe, reportSkip } from './emulators';
import { catalogueOnEmulators, everyGalleryPage } from './harness';

/**
 * 'Pertinence' on the Firestore emulator (src/gateway/firebase/creatives/relevance-page.ts,
 * docs/decisions/027): every page in turn gives the request's matches with every word in the name
 * first, then the others, newest first within each (domain/relevance.ts), each creative once, and
 * no page bills more than MAX_SCANNED_PER_PAGE reads.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/relevance.emulator.test.ts (relevance order)', missing);

const APPROVED = 360;
/** A word put in some names and in other creatives' advertisers, so that both tiers are full. */
const SHARED = 'Lumière';
const catalogue: SeededCreative[] = generateGalleryCreatives({ approved: APPROVED, pending: 30, seed: 2027 }).map((c, i) => {
  const name = i % 9 === 4 ? `${SHARED} ${c.data.name}` : c.data.name;
  const advertiser = i % 5 === 2 ? `${c.data.advertiser} ${SHARED}` : c.data.advertiser;
  const fields = { ...c.data, name, advertiser };
  return { ...c, data: { ...fields, ...derivedFields(fields, c.analysis) } };
});

const WORDS = [...new Set(catalogue.flatMap((c) => `${c.data.name} ${c.data.advertiser}`.split(' ')))];

/** The tier of a seeded creative for a term, by the domain rule. */
const tierOf = (c: SeededCreative, term: string) =>
  substringTier(searchTermWords(term), {
    name: c.data.name,
    advertiser: c.data.advertiser,
    tags: CATEGORY_KEYS.flatMap((key) => splitCategory(c.data[key])).join(' '),
  });

/** What 'Pertinence' must list: the domain's matches, by tier, then newest first (the id breaking ties). */
function expected(q: GalleryQuery): string[] {
  const filters = { categories: q.filters ?? {}, isJuntoAngel: q.isJuntoAngel === true, testedAndApproved: q.testedAndApproved === true };
  const term = q.q ?? '';
  return catalogue
    .filter((c) => c.data.status === 'approved' && matchesFilters(c.data, filters) && matchesSearch(c.data, term))
    .sort(
      (a, b) =>
        tierOf(a, term) - tierOf(b, term) ||
        b.data.createdAt.getTime() - a.data.createdAt.getTime() ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map((c) => c.id);
}

/** Every page of a search in 'Pertinence' order, with the reads each one billed. */
const everyPage = (gateway: FirebaseGateway, q: GalleryQuery) => everyGalleryPage(gateway, { ...q, sort: 'relevance' }, APPROVED);

describe.skipIf(missing.length > 0)("'Pertinence' on the emulator", () => {
  const { visitor } = catalogueOnEmulators({ auth, firestore }, catalogue);

  it('lists the name matches before the advertiser-only ones, newest first within each, page after page', async () => {
    const { ids, pages } = await everyPage(visitor(), { q: 'lumiere' });
    const want = expected({ q: 'lumiere' });
    expect(ids).toEqual(want);
    const byId = new Map(catalogue.map((c) => [c.id, c]));
    const inName = want.filter((id) => byId.get(id)!.data.name.includes(SHARED)).length;
    // Both tiers are there, and the order is not the newest-first one.
    expect(inName).toBeGreaterThan(PAGE_SIZE);
    expect(want.length - inName).toBeGreaterThan(PAGE_SIZE);
    expect(ids.slice(0, inName).every((id) => byId.get(id)!.data.name.includes(SHARED))).toBe(true);
    for (const page of pages) expect(page.reads).toBeLessThanOrEqual(MAX_SCANNED_PER_PAGE);
  });

  it('gives exactly the domain order for searches with filters, within the read bound', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...WORDS),
          fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b}`),
          fc.constantFrom('lum', 'a', 'ÉCLAT', 'zzz'),
        ),
        fc.constantFrom<GalleryQuery>({}, { filters: { format: ['Statique'] } }, { isJuntoAngel: true }),
        async (q, rest) => {
          const query: GalleryQuery = { ...rest, q };
          const { ids, pages } = await everyPage(visitor(), query);
          expect(ids).toEqual(expected(query));
          for (const page of pages) expect(page.reads).toBeLessThanOrEqual(MAX_SCANNED_PER_PAGE);
        },
      ),
      { seed: 2027, numRuns: 25 },
    );
  }, 300_000);

  it('lists newest first without a term, as the recent sort does', async () => {
    const relevance = await visitor().creatives.list({ sort: 'relevance', filters: { format: ['GIF'] } });
    const recent = await visitor().creatives.list({ sort: 'recent', filters: { format: ['GIF'] } });
    expect(relevance).toEqual(recent);
  });

  it('starts again on a cursor made for another sort or search', async () => {
    const recent = await visitor().creatives.list({ q: 'lumiere', sort: 'recent' });
    const first = await visitor().creatives.list({ q: 'lumiere', sort: 'relevance', cursor: recent.nextCursor });
    expect(first.items.map((c) => c.id)).toEqual(expected({ q: 'lumiere' }).slice(0, PAGE_SIZE));
  });
});
