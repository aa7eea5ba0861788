import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacets } from '@domain/facets';
import { FILTER_GROUP_LISTS, FILTER_GROUPS } from '@domain/gallery-filters';
import { LENGTH_CLASSES, SHAPE_CLASSES } from '@domain/media-shape';
import { searchTextOf } from '@domain/search';
import { facetsQueryInput, filtersOf, galleryQueryInput } from '@domain/schemas/gallery';
import type { Creative, FacetCounts, Page } from '@domain/types';
import { CATEGORY_LISTS } from '@domain/vocabulary';
import { Catalogue } from '@server/catalogue/catalogue';
import { catalogueImageFile } from '@server/catalogue/catalogue-image';
import { creatives } from '@server/db/schema';
import { readCells } from '@server/services/creatives/facet-cells';
import { facetCounts } from '@server/services/creatives/facets.service';
import { listGallery, listGalleryForMembers } from '@server/services/creatives/gallery.service';
import { firstMatching } from '@server/services/creatives/search';
import { readSimilarSource, similarTo } from '@server/services/creatives/similar.service';
import { suggest } from '@server/services/creatives/suggestions.service';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The catalogue engine (server/catalogue/) against a reading of the database in SQL — the gallery's
 * queries without the engine, which evaluate every row's filters and search document — for random
 * catalogues, random views (searches with stems, prefixes, accents and typos; 0–3 filter groups —
 * categories, shape, length — and flags; each sort; visitors and members) and random writes between them (likes and unlikes through
 * the API, approvals, rejections, tag and name edits, deletions, featuring, new creatives, straight
 * to the database): every page of every view, the cursor of a page taken before a write and followed
 * after it, the corrected term, the filter counts, the similar creatives of a random one and the suggestions of
 * what is typed agree. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set (npm test runs both).
 */

const SEED = Number(process.env.CATALOGUE_PROPERTY_SEED ?? 20261127);
const ROUNDS = 6;
const VIEWS_PER_ROUND = 14;

/** mulberry32: a small seeded generator, so a failure names the seed that reproduces it. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] => [...new Set(Array.from({ length: 1 + int(max) }, () => pick(list)))];
  return { next, int, pick, some };
}
type Random = ReturnType<typeof generator>;

const WORDS = [
  'croquettes',
  'chat',
  'chats',
  'crème',
  'visage',
  'voyage',
  'voyages',
  'lisbonne',
  'solaire',
  'running',
  'offre',
  'été',
  'zéphyrine',
  'beauté',
  'maison',
];
const ADVERTISERS = ['Nestlé', 'Voyages Plus', 'Maison Crème', 'Zéro Déchet', 'Auto Prime', "L'Atelier"];
const ANALYSIS = ['visage lumineux en gros plan', 'offre limitée annoncée tôt', 'chat curieux qui regarde', 'preuve sociale forte'];
/** Distinct instants, few enough that creatives share them (ties broken by id). */
const INSTANTS = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i, 10, 0, 0, i * 7)));

const tagsOf = (r: Random) => ({
  formats: r.some(CATEGORY_LISTS.format, 2),
  objectives: r.some(CATEGORY_LISTS.objective, 1),
  types: r.some(CATEGORY_LISTS.type, 2),
  sectors: r.some(CATEGORY_LISTS.sector, 2),
  platforms: r.some(CATEGORY_LISTS.platform, 2),
  ...mediaOf(r),
});

/** The media's classes: a shape or none (an unknown size), a length for a video only (none before it is read). */
function mediaOf(r: Random) {
  const video = r.next() < 0.4;
  return {
    mediaType: video ? ('video' as const) : ('image' as const),
    shape: r.next() < 0.9 ? r.pick(SHAPE_CLASSES) : null,
    lengthClass: video && r.next() < 0.85 ? r.pick(LENGTH_CLASSES) : null,
  };
}

function creativeValues(r: Random) {
  const status = r.next() < 0.8 ? 'approved' : r.pick(['pending', 'rejected'] as const);
  const analysed = r.next() < 0.35;
  return {
    name: r.some(WORDS, 3).join(' '),
    advertiser: r.pick(ADVERTISERS),
    status,
    likes: status === 'approved' ? r.int(4) : 0,
    createdAt: r.pick(INSTANTS),
    isJuntoAngel: r.next() < 0.3,
    testedAndApproved: r.next() < 0.3,
    attention: analysed ? r.pick(ANALYSIS) : '',
    ...tagsOf(r),
  };
}

/** A search term: a word, its start, two words, without accents, a typo, a piece of a word, or a word no creative has. */
function termOf(r: Random): string | undefined {
  const word = r.pick([...WORDS, ...ADVERTISERS.map((a) => a.split(' ')[0]!.toLowerCase()), 'beauté', 'avis', 'lumineux', 'curieux']);
  switch (r.int(8)) {
    case 0:
      return undefined;
    case 1:
      return word.slice(0, 3 + r.int(2));
    case 2:
      return `${word} ${r.pick(WORDS)}`;
    case 3:
      return word
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase();
    case 4:
      return word.length > 4 ? word.slice(0, 2) + word.slice(3) : word;
    case 5:
      // Words no creative has, and pieces of words (the substring search, after the full text): a word's middle,
      // its end, or across two words (which only SQL answers).
      return r.pick(['quokka', 'ummer', 'atelier', 'l', word.slice(1, 4 + r.int(3)), word.slice(-4), 'e b', 'ette']);
    default:
      return word;
  }
}

/** What is typed in the search box: the first 2–5 letters of one or two words, sometimes in capitals or with accents. */
function typedOf(r: Random): string {
  const start = () => {
    const word = r.pick([...WORDS, ...ADVERTISERS]);
    return word.slice(0, 2 + r.int(4));
  };
  const typed = r.next() < 0.3 ? `${start()} ${start()}` : start();
  return r.next() < 0.2 ? typed.toUpperCase() : typed;
}

function viewOf(r: Random): Record<string, string | string[]> {
  const view: Record<string, string | string[]> = {};
  const q = termOf(r);
  if (q) view.q = q;
  for (let i = r.int(4); i > 0; i--) {
    const key = r.pick(FILTER_GROUPS);
    view[key] = r.some(FILTER_GROUP_LISTS[key], 2);
  }
  if (r.next() < 0.15) view.junto = '1';
  if (r.next() < 0.15) view.tested = '1';
  const sort = r.pick([undefined, 'recent', 'likes', 'relevance']);
  if (sort) view.sort = sort;
  return view;
}

const query = (view: Record<string, string | string[]>, cursor?: string) =>
  galleryQueryInput.parse({ ...view, ...(cursor ? { cursor } : {}) });

let t: TestApp;
let likers: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  likers = await Promise.all([0, 1, 2].map(async () => (await t.loginAs('user')).cookie));
});

afterAll(() => t?.close());

/** The engine the pages read: the app's, or one resumed from the saved index (see the last round). */
let engineInUse: Catalogue | null = null;

/** A page of the view, from the engine (`engine`) or from SQL alone. */
function pageOf(view: Record<string, string | string[]>, members: boolean, engine: boolean, cursor?: string): Promise<Page<Creative>> {
  const catalogue = engine ? (engineInUse ?? t.deps.caches.catalogue) : null;
  return members ? listGalleryForMembers(t.db, query(view, cursor), catalogue) : listGallery(t.db, null, query(view, cursor), catalogue);
}

/** Every page of a view from `cursor` on: the ids in order, and the corrected term of the first page. */
async function allPages(view: Record<string, string | string[]>, members: boolean, engine: boolean, cursor?: string) {
  const ids: string[] = [];
  let searchedFor: string | undefined;
  for (let pages = 0; ; pages++) {
    const page = await pageOf(view, members, engine, cursor);
    if (pages === 0) searchedFor = page.searchedFor;
    ids.push(...page.items.map((c) => c.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    expect(pages).toBeLessThan(200);
  }
  return { ids, searchedFor };
}

/** The counts of a view in SQL: the cells of its matches (the first search mode that finds some) counted by domain/facets.ts. */
async function facetsInSql(view: Record<string, string | string[]>, members: boolean): Promise<FacetCounts> {
  const input = facetsQueryInput.parse(view);
  const filters = filtersOf(input);
  const cells = (where = sql`true`) => t.db.transaction((tx) => readCells(tx, where));
  if (!input.q) return countFacets(await cells(), filters);
  const hit = await firstMatching(
    t.db,
    input.q,
    members,
    null,
    async (match) => countFacets(await cells(match.where), filters),
    (counts) => counts.total > 0,
  );
  return hit?.result ?? countFacets({ lo: [], hi: [], n: [] }, filters);
}

/** One random write, through the API (likes) or straight to the database (as a restore or an admin's SQL would). */
async function randomWrite(r: Random): Promise<string> {
  const rows = await t.db.select({ id: creatives.id, status: creatives.status }).from(creatives);
  const approved = rows.filter((c) => c.status === 'approved');
  const any = r.pick(rows);
  switch (r.int(9)) {
    case 0:
    case 1: {
      const target = r.pick(approved.length ? approved : rows);
      const res = await t.request(r.next() < 0.7 ? 'POST' : 'DELETE', `/api/creatives/${target.id}/like`, { cookie: r.pick(likers) });
      expect([200, 404]).toContain(res.status);
      return `like ${target.id}`;
    }
    case 2:
      await t.db.update(creatives).set({ status: 'approved', validated: true }).where(eq(creatives.id, any.id));
      return `approve ${any.id}`;
    case 3:
      await t.db.update(creatives).set({ status: 'rejected', validated: false }).where(eq(creatives.id, any.id));
      return `reject ${any.id}`;
    case 4:
      await t.db.update(creatives).set(tagsOf(r)).where(eq(creatives.id, any.id));
      return `edit tags ${any.id}`;
    case 5: {
      // With its search text, as every write keeps it (domain/search.ts searchTextOf).
      const [{ advertiser }] = (await t.db
        .select({ advertiser: creatives.advertiser })
        .from(creatives)
        .where(eq(creatives.id, any.id))) as [{ advertiser: string }];
      const name = r.some(WORDS, 3).join(' ');
      await t.db
        .update(creatives)
        .set({ name, searchText: searchTextOf({ name, advertiser }), isJuntoAngel: r.next() < 0.5 })
        .where(eq(creatives.id, any.id));
      return `edit name ${any.id}`;
    }
    case 6:
      await t.db.delete(creatives).where(inArray(creatives.id, [any.id]));
      return `delete ${any.id}`;
    case 7:
      await t.db.update(creatives).set({ isFeatured: false }).where(eq(creatives.isFeatured, true));
      await t.db.update(creatives).set({ isFeatured: true, featuredAt: new Date() }).where(eq(creatives.id, any.id));
      return `feature ${any.id}`;
    default: {
      const added = await insertCreative(t.db, creativeValues(r));
      return `insert ${added.id}`;
    }
  }
}

describe('the catalogue engine', () => {
  it('answers every page, cursor, correction, count, similar list and suggestion of random views as SQL does, through random writes', async () => {
    const r = generator(SEED);
    for (let i = 0; i < 40; i++) await insertCreative(t.db, creativeValues(r));
    for (let round = 0; round < ROUNDS; round++) {
      // Every other round reads an engine resumed from the index saved one round before and the journal since.
      if (round % 2 === 0) t.deps.caches.catalogue.save();
      engineInUse = round % 2 === 1 ? await resumedEngine('file') : null;
      for (let i = 0; i < 8; i++) await insertCreative(t.db, creativeValues(r));
      const writes: string[] = [];
      for (let v = 0; v < VIEWS_PER_ROUND; v++) {
        const view = viewOf(r);
        const members = r.next() < 0.4;
        const context = `seed ${SEED}, round ${round}, view ${JSON.stringify(view)}, ${members ? 'member' : 'visitor'}, after: ${writes.join('; ')}`;
        const engine = await allPages(view, members, true);
        expect(engine, context).toEqual(await allPages(view, members, false));
        expect(await facetCounts(t.db, t.deps.caches.catalogue, members, facetsQueryInput.parse(view)), context).toEqual(
          await facetsInSql(view, members),
        );
        const sourceId = r.pick(await t.db.select({ id: creatives.id }).from(creatives)).id;
        // The engine reads an approved source's tags from its filter bits; SQL, from the row.
        const similar = async (engine: boolean) => {
          const catalogue = engine ? t.deps.caches.catalogue : null;
          const source = await readSimilarSource(t.db, sourceId, catalogue);
          return (await similarTo(t.db, source, { withAnalysis: members }, catalogue)).map((c) => c.id);
        };
        const source = { id: sourceId };
        expect(await similar(true), `${context} (similar to ${source.id})`).toEqual(await similar(false));
        const typed = typedOf(r);
        expect(await suggest(t.db, typed, engineInUse ?? t.deps.caches.catalogue), `${context} (suggestions of ${typed})`).toEqual(
          await suggest(t.db, typed, null),
        );
        // A cursor taken before a write goes on after it as SQL's does.
        const first = await pageOf(view, members, true);
        writes.push(await randomWrite(r));
        if (first.nextCursor) {
          const rest = await allPages(view, members, true, first.nextCursor);
          expect(rest.ids, `${context} (from the first page's cursor)`).toEqual(
            (await allPages(view, members, false, first.nextCursor)).ids,
          );
        }
      }
      engineInUse?.close();
    }
    engineInUse = null;
  }, 240_000);

  it('reads the whole catalogue again when the database was restored or reloaded since the index was saved', async () => {
    t.deps.caches.catalogue.save();
    (await resumedEngine('file')).close();
    await t.db.execute(sql`select new_catalogue_epoch()`);
    engineInUse = await resumedEngine('database');
    expect((await allPages({}, false, true)).ids).toEqual((await allPages({}, false, false)).ids);
    engineInUse.close();
    engineInUse = null;
  });
});

/** A new engine started from the app's saved index (as a restarted server's), the journal read before every query. */
async function resumedEngine(expected: 'file' | 'database'): Promise<Catalogue> {
  const engine = new Catalogue(t.db, { pollMs: 0, imageFile: catalogueImageFile(t.dataDir) });
  await engine.start();
  expect(engine.startedFrom).toBe(expected);
  return engine;
}
