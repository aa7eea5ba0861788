import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacets, FACET_KEYS, LO_BITS, maskOf } from '@domain/facets';
import type { FacetCounts } from '@domain/types';
import { creatives } from '@server/db/schema';
import { rowsOf } from '@server/db/sql-rows';
import { readCells } from '@server/services/creatives/facet-cells';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Facet counts of the filter dialog (issue 17): the bits the database keeps agree with domain/facets.ts,
 * the counts leave each group's own choice out (a shop's filters), the search narrows them (the analysis
 * for members only), and a change shows on the next request.
 */

let t: TestApp;
let adminCookie: string;
let userCookie: string;

async function facets(query = '', cookie?: string): Promise<FacetCounts> {
  const res = await t.request<FacetCounts>('GET', `/api/creatives/facets${query ? `?${query}` : ''}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await t.loginAs('admin')).cookie;
  userCookie = (await t.loginAs('user')).cookie;
  const base = { objectives: ['TOFU'], types: ['UGC'], platforms: ['Meta'] };
  await insertCreative(t.db, { ...base, name: 'Facette A', formats: ['Vidéo'], sectors: ['Beauté'], isJuntoAngel: true });
  await insertCreative(t.db, { ...base, name: 'Facette B', formats: ['Vidéo', 'Motion'], sectors: ['Mode'] });
  await insertCreative(t.db, { ...base, name: 'Facette C', formats: ['GIF'], sectors: ['Beauté'], testedAndApproved: true });
  await insertCreative(t.db, {
    ...base,
    name: 'Facette D',
    formats: ['Statique'],
    sectors: ['Food'],
    attention: 'Un flamant rose en ouverture',
  });
  await insertCreative(t.db, { ...base, name: 'Facette en attente', formats: ['Vidéo'], sectors: ['Beauté'], status: 'pending' });
});

afterAll(() => t.close());

describe('the bits of a creative', () => {
  it('are in the same order in SQL and in domain/facets.ts', async () => {
    const [row] = await rowsOf<{ keys: string[] }>(t.db, sql`select facet_bit_values() as keys`);
    expect(row?.keys).toEqual(FACET_KEYS);
  });

  it('are written by the trigger on insert and edit', async () => {
    const row = await insertCreative(t.db, {
      formats: ['GIF'],
      objectives: ['BOFU'],
      types: ['Founder'],
      sectors: ['Travel'],
      platforms: ['Pinterest'],
    });
    const read = async () => (await t.db.select().from(creatives).where(eq(creatives.id, row.id)))[0]!;
    const mask = maskOf(['format:GIF', 'objective:BOFU', 'type:Founder', 'sector:Travel', 'platform:Pinterest']);
    expect(await read()).toMatchObject({ facetLo: mask.lo, facetHi: mask.hi });
    await t.db.update(creatives).set({ isJuntoAngel: true }).where(eq(creatives.id, row.id));
    const junto = maskOf(['junto']);
    expect(await read()).toMatchObject({ facetLo: mask.lo | junto.lo, facetHi: mask.hi | junto.hi });
    await t.db.delete(creatives).where(eq(creatives.id, row.id));
  });

  it('are 64, split at 32 in SQL as in maskOf: each half a signed integer, its bit 31 the sign', async () => {
    expect([FACET_KEYS.length, LO_BITS]).toEqual([64, 32]);
    const rows = await rowsOf<{ lo: number; hi: number }>(
      t.db,
      sql`select facet_lo_of(1::bigint << b) as lo, facet_hi_of(1::bigint << b) as hi from generate_series(0, 63) b order by b`,
    );
    expect(rows.map(({ lo, hi }) => ({ lo, hi }))).toEqual(FACET_KEYS.map((key) => maskOf([key])));
    expect(maskOf([FACET_KEYS[31]!])).toEqual({ lo: -(2 ** 31), hi: 0 });
    expect(maskOf([FACET_KEYS[63]!])).toEqual({ lo: 0, hi: -(2 ** 31) });
  });

  it('carry the shape and the length, bits 31 and 63 included, and follow an edit of either', async () => {
    // 'sector:Animaux' is bit 31, 'length:long' bit 63: both halves negative.
    expect([FACET_KEYS[31], FACET_KEYS[63]]).toEqual(['sector:Animaux', 'length:long']);
    const row = await insertCreative(t.db, { sectors: ['Animaux'], mediaType: 'video', shape: '9:16', lengthClass: 'long' });
    const read = async () => (await t.db.select().from(creatives).where(eq(creatives.id, row.id)))[0]!;
    const keys = ['format:Statique', 'objective:TOFU', 'type:UGC', 'sector:Animaux', 'platform:Meta', 'shape:9:16', 'length:long'];
    const stored = await read();
    expect({ lo: stored.facetLo, hi: stored.facetHi }).toEqual(maskOf(keys));
    expect(stored.facetLo).toBeLessThan(0);
    expect(stored.facetHi).toBeLessThan(0);
    const counts = countFacets({ lo: [stored.facetLo], hi: [stored.facetHi], n: [2] }, EMPTY);
    expect(counts.categories.sector['Animaux']).toBe(2);
    expect(counts.media.shape).toMatchObject({ '9:16': 2, '1:1': 0 });
    expect(counts.media.length).toMatchObject({ long: 2, le6: 0 });
    await t.db.update(creatives).set({ shape: '1:1', lengthClass: null }).where(eq(creatives.id, row.id));
    const edited = await read();
    const after = maskOf(['format:Statique', 'objective:TOFU', 'type:UGC', 'sector:Animaux', 'platform:Meta', 'shape:1:1']);
    expect({ lo: edited.facetLo, hi: edited.facetHi }).toEqual(after);
    await t.db.delete(creatives).where(eq(creatives.id, row.id));
  });
});

const EMPTY = { categories: {}, isJuntoAngel: false, testedAndApproved: false };

describe('counting', () => {
  const cells = (entries: [string[], number][]) => {
    const masks = entries.map(([keys]) => maskOf(keys));
    return { lo: masks.map((m) => m.lo), hi: masks.map((m) => m.hi), n: entries.map(([, n]) => n) };
  };
  const catalogue = cells([
    [['format:Vidéo', 'sector:Beauté', 'junto'], 3],
    [['format:Vidéo', 'format:Motion', 'sector:Mode'], 2],
    [['format:GIF', 'sector:Beauté', 'tested'], 5],
  ]);

  it('counts every value without filters', () => {
    const counts = countFacets(catalogue, { categories: {}, isJuntoAngel: false, testedAndApproved: false });
    expect(counts.total).toBe(10);
    expect(counts.categories.format).toMatchObject({ Vidéo: 5, Motion: 2, GIF: 5, Statique: 0 });
    expect(counts.categories.sector).toMatchObject({ Beauté: 8, Mode: 2 });
    expect([counts.junto, counts.tested]).toEqual([3, 5]);
  });

  it('leaves a group’s own choice out of its counts, and applies it to the others', () => {
    const counts = countFacets(catalogue, { categories: { format: ['Vidéo'] }, isJuntoAngel: false, testedAndApproved: false });
    expect(counts.total).toBe(5);
    expect(counts.categories.format).toMatchObject({ Vidéo: 5, Motion: 2, GIF: 5 });
    expect(counts.categories.sector).toMatchObject({ Beauté: 3, Mode: 2 });
    expect([counts.junto, counts.tested]).toEqual([3, 0]);
  });

  it('applies every other group and flag to a flag', () => {
    const counts = countFacets(catalogue, { categories: { sector: ['Beauté'] }, isJuntoAngel: true, testedAndApproved: false });
    expect(counts.total).toBe(3);
    expect(counts.junto).toBe(3);
    expect(counts.categories.sector).toMatchObject({ Beauté: 3, Mode: 0 });
    expect(counts.categories.format).toMatchObject({ Vidéo: 3, GIF: 0 });
  });

  it('treats the shape and the length as groups: any value within, every group across, each without its own choice', () => {
    const media = cells([
      [['format:Vidéo', 'shape:9:16', 'length:le6'], 4],
      [['format:Vidéo', 'shape:1:1', 'length:long'], 3],
      [['format:Statique', 'shape:9:16'], 2],
    ]);
    const stories = countFacets(media, { ...EMPTY, media: { shape: ['9:16'] } });
    expect(stories.total).toBe(6);
    expect(stories.media.shape).toMatchObject({ '9:16': 6, '1:1': 3, other: 0 });
    expect(stories.media.length).toMatchObject({ le6: 4, long: 0 });
    expect(stories.categories.format).toMatchObject({ Vidéo: 4, Statique: 2 });
    const both = countFacets(media, { ...EMPTY, media: { shape: ['9:16', '1:1'], length: ['long'] } });
    expect(both.total).toBe(3);
    expect(both.media.length).toMatchObject({ le6: 4, long: 3 });
    expect(both.media.shape).toMatchObject({ '9:16': 0, '1:1': 3 });
  });
});

describe('GET /api/creatives/facets', () => {
  it('counts approved creatives only, each group without its own choice', async () => {
    const all = await facets('q=facette');
    expect(all.total).toBe(4);
    expect(all.categories.format).toMatchObject({ Vidéo: 2, Motion: 1, GIF: 1, Statique: 1, Carrousel: 0 });
    const beaute = await facets('q=facette&sector=Beaut%C3%A9');
    expect(beaute.total).toBe(2);
    expect(beaute.categories.sector).toMatchObject({ Beauté: 2, Mode: 1, Food: 1 });
    expect(beaute.categories.format).toMatchObject({ Vidéo: 1, GIF: 1, Motion: 0 });
    expect([beaute.junto, beaute.tested]).toEqual([1, 1]);
  });

  it('matches the analysis for members only', async () => {
    expect((await facets('q=flamant')).total).toBe(0);
    expect((await facets('q=flamant', userCookie)).total).toBe(1);
  });

  it('counts the whole catalogue without a search', async () => {
    const counts = await facets();
    expect(counts.total).toBeGreaterThanOrEqual(4);
    expect(counts.categories.sector['Beauté']).toBeGreaterThanOrEqual(2);
  });

  it('shows a change on the next request: an approval, an edit', async () => {
    const before = await facets();
    const pending = await insertCreative(t.db, {
      name: 'Facette à valider',
      formats: ['Carrousel'],
      sectors: ['Sport'],
      status: 'pending',
    });
    expect((await facets()).categories.format['Carrousel']).toBe(before.categories.format['Carrousel']);
    const res = await t.request('POST', `/api/creatives/${pending.id}/approve`, { cookie: adminCookie });
    expect(res.status, res.text).toBe(200);
    const after = await facets();
    expect(after.total).toBe(before.total + 1);
    expect(after.categories.format['Carrousel']).toBe(before.categories.format['Carrousel']! + 1);
    expect(after.categories.sector['Sport']).toBe(before.categories.sector['Sport']! + 1);
  });

  it("shows a change to a search's matches on the next request, whatever filters it asks with", async () => {
    await insertCreative(t.db, { name: 'Girafe une', sectors: ['Mode'] });
    const before = await facets('q=girafe');
    expect(before.categories.sector['Mode']).toBe(1);
    await insertCreative(t.db, { name: 'Girafe deux', sectors: ['Mode'] });
    // Straight to the table (no API write empties the response cache): a URL not asked before.
    const after = await facets('q=girafe&sector=Mode');
    expect(after.categories.sector['Mode']).toBe(2);
  });

  it('refuses unknown values with a JSON error', async () => {
    const res = await t.request<{ error: { code: string } }>('GET', '/api/creatives/facets?format=Inconnu');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });
});

describe('the cells of a substring search', () => {
  it('are read in chunks through a cursor, every cell once, as one grouping query counts them', async () => {
    await insertCreative(t.db, { name: 'Morceau un', formats: ['GIF'], sectors: ['Mode'] });
    await insertCreative(t.db, { name: 'Morceau deux', formats: ['Vidéo'], platforms: ['TikTok'] });
    const expected = await rowsOf<{ lo: number; hi: number; n: number }>(
      t.db,
      sql`select facet_lo as lo, facet_hi as hi, count(*)::int as n from creatives where status = 'approved' group by 1, 2`,
    );
    const key = (lo: number, hi: number, n: number) => `${lo}:${hi}:${n}`;
    const keys = (c: { lo: ArrayLike<number>; hi: ArrayLike<number>; n: ArrayLike<number> }) =>
      Array.from(c.n, (n, i) => key(c.lo[i]!, c.hi[i]!, n)).sort();
    expect(expected.length).toBeGreaterThan(5);
    const want = expected.map((r) => key(r.lo, r.hi, r.n)).sort();
    // One cell a row: several rows a fetch, and several fetches.
    expect(keys(await t.db.transaction((tx) => readCells(tx, sql`true`, 1)))).toEqual(want);
    expect(keys(await t.db.transaction((tx) => readCells(tx, sql`true`, 2)))).toEqual(want);
    expect(keys(await t.db.transaction((tx) => readCells(tx)))).toEqual(want);
    const none = await t.db.transaction((tx) => readCells(tx, sql`false`));
    expect([none.lo.length, none.hi.length, none.n.length]).toEqual([0, 0, 0]);
  });
});
