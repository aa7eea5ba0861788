import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import { LENGTH_CLASSES, SHAPE_CLASSES } from '@domain/media-shape';
import { readsSince } from '@/gateway/firebase/reads';
import type { FirebaseGateway } from '@/gateway/firebase';
import type { GalleryQuery } from '@/gateway/types';
import { domainFacetCounts, FACET_VIEWS } from '../../bench/firebase/facet-views';
import { generateGalleryCreatives, type SeededCreative } from '../../bench/firebase/gallery-seed';
import { probe, reportSkip } from './emulators';
import { catalogueOnEmulators } from './harness';

/**
 * The filter dialog's counts on the Firestore emulator (src/gateway/firebase/facet-counts.ts,
 * docs/decisions/024): for many views they equal the domain's counts (domain/facets.ts, as the
 * self-hosted server computes them) over the approved catalogue — the search counted by its stored
 * piece (`searchKeyOf`), which is the search itself for one word of 2 to 10 characters — and they
 * bill one read per count (each under 1,000 here), nothing for a count already made.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/facet-counts.emulator.test.ts (filter counts)', missing);

const catalogue: SeededCreative[] = generateGalleryCreatives({ approved: 320, pending: 40, seed: 2411 });
const WORDS = [...new Set(catalogue.flatMap((c) => `${c.data.name} ${c.data.advertiser}`.split(' ')))];

const domainCounts = (q: GalleryQuery) => domainFacetCounts(catalogue, q);

const views = fc.record({
  groups: fc
    .subarray([...CATEGORY_KEYS], { maxLength: 3 })
    .chain((keys) =>
      fc.tuple(...keys.map((key) => fc.tuple(fc.constant(key), fc.subarray([...CATEGORY_LISTS[key]], { minLength: 1, maxLength: 3 })))),
    ),
  isJuntoAngel: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  testedAndApproved: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  q: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...WORDS) }),
});

describe.skipIf(missing.length > 0)('filter counts on the emulator', () => {
  const { visitor, freshVisitor } = catalogueOnEmulators({ auth, firestore }, catalogue);

  it.each<[string, GalleryQuery]>([
    // The views the benchmark measures (bench/firebase/facet-views.ts), and a few more searches.
    ...FACET_VIEWS.map(({ label, view }): [string, GalleryQuery] => [label, view]),
    ['both flags', { isJuntoAngel: true, testedAndApproved: true }],
    ['two groups, several values', { filters: { format: ['Statique', 'Vidéo'], platform: ['Meta', 'TikTok'] } }],
    ['a search word, accents and case ignored', { q: 'CRÈME' }],
    ['a search word and a group', { q: 'bio', filters: { objective: ['MOFU', 'BOFU'] } }],
    ['a search of two words (counted by the longest)', { q: 'crème bio' }],
    ['a one-letter search (not counted)', { q: 'a' }],
  ])('equal the domain counts: %s', async (_label, view) => {
    expect(await visitor().creatives.facets(view)).toEqual(domainCounts(view));
  });

  it('equal the domain counts for many views', async () => {
    await fc.assert(
      fc.asyncProperty(views, async ({ groups, isJuntoAngel, testedAndApproved, q }) => {
        const view: GalleryQuery = { filters: Object.fromEntries(groups), isJuntoAngel, testedAndApproved, q };
        expect(await visitor().creatives.facets(view)).toEqual(domainCounts(view));
      }),
      { seed: 2411, numRuns: 15 },
    );
  }, 300_000);

  it('never counts a creative waiting for validation', async () => {
    const pending = catalogue.filter((c) => c.data.status !== 'approved').length;
    expect(pending).toBeGreaterThan(0);
    expect((await visitor().creatives.facets({})).total).toBe(catalogue.length - pending);
  });

  it('bills a read per count, and nothing for the counts a toggle leaves as they were', async () => {
    const gateway: FirebaseGateway = freshVisitor();
    const billed = async (view: GalleryQuery) => {
      const before = { ...gateway.reads };
      await gateway.creatives.facets(view);
      return readsSince(before, gateway.reads);
    };
    // 53 category values, 9 proportions and lengths, 2 flags and the total, each under 1,000 creatives: one read each.
    const values = CATEGORY_KEYS.reduce((n, key) => n + CATEGORY_LISTS[key].length, 0) + SHAPE_CLASSES.length + LENGTH_CLASSES.length;
    expect(await billed({})).toBe(values + 3);
    expect(await billed({})).toBe(0);
    // Choosing a format changes every count but the formats' own (5 values) and the total (the
    // count of GIF just made).
    expect(await billed({ filters: { format: ['GIF'] } })).toBe(values + 3 - CATEGORY_LISTS.format.length - 1);
    // A flag of the view: its own count is the total, both the flag's count made first; and GIF
    // with the flag is the GIF view's count of the flag. Left: the other 61 values and the other flag.
    expect(await billed({ isJuntoAngel: true })).toBe(values - 1 + 1);
    expect(await billed({ filters: { format: ['GIF'] } })).toBe(0);
  });

  it('refuses a view Firestore cannot count in one query, before any read', async () => {
    const gateway = freshVisitor();
    const view: GalleryQuery = {
      filters: { type: ['UGC', 'IA'], sector: ['Mode', 'Food', 'Sport', 'Santé'], platform: ['Meta', 'TikTok', 'Google', 'Snapchat'] },
    };
    await expect(gateway.creatives.facets(view)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(readsSince({ documents: 0, emptyQueries: 0, aggregations: 0 }, gateway.reads)).toBe(0);
  });
});
