import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creative, Page } from '@domain/types';
import { creativeLikes } from '@server/db/schema';
import { insertCreative } from './helpers/fixtures';
import { expectTamperedCursorsRefused, followPages } from './helpers/paging';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The French search of issue 17 (server/services/creatives/search.ts), on PGlite and, with
 * DATABASE_URL, on PostgreSQL: accents, stems, prefixes, typos, tags, the analysis for members only,
 * relevance, and every filter, sort and cursor with it.
 */

let t: TestApp;
let userCookie: string;
let userId: string;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type SearchPage = Page<Creative> & { searchedFor?: string };

async function search(query: string, cookie?: string): Promise<SearchPage> {
  const res = await t.request<SearchPage>('GET', `/api/creatives?${query}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const names = (page: Page<Creative>) => page.items.map((c) => c.name);
const sorted = (page: Page<Creative>) => names(page).sort();

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.loginAs('user');
  userCookie = user.cookie;
  userId = user.user.id;
  await insertCreative(t.db, { name: 'Voyage à Lisbonne', advertiser: 'Évasion Tours', sectors: ['Travel'], createdAt: ago(5) });
  await insertCreative(t.db, { name: 'Croquettes premium chien', advertiser: 'Canidélice', sectors: ['Animaux'], createdAt: ago(4) });
  await insertCreative(t.db, {
    name: 'Baskets urbaines',
    advertiser: 'Sneakers Factory',
    types: ['Unboxing'],
    formats: ['Vidéo'],
    createdAt: ago(3),
  });
  await insertCreative(t.db, {
    name: 'Crème solaire minérale',
    advertiser: 'Soleil Doux',
    types: ['Avis clients'],
    sectors: ['Beauté'],
    attention: 'Un parasol turquoise attire le regard',
    bestPractices: ['Montrer la texture'],
    createdAt: ago(2),
  });
  await insertCreative(t.db, { name: 'Routine éclat', advertiser: 'Crème & Co', sectors: ['Beauté'], createdAt: ago(1) });
  await insertCreative(t.db, { name: 'Crème en attente', advertiser: 'Soleil Doux', status: 'pending' });
});

afterAll(() => t.close());

describe('French full text', () => {
  it('ignores accents and case, both ways', async () => {
    expect(sorted(await search('q=LISBONNE'))).toEqual(['Voyage à Lisbonne']);
    expect(sorted(await search('q=evasion'))).toEqual(['Voyage à Lisbonne']);
    expect(sorted(await search('q=cr%C3%A8me%20SOLAIRE'))).toEqual(['Crème solaire minérale']);
  });

  it('finds stems: plurals and singulars', async () => {
    expect(sorted(await search('q=voyages'))).toEqual(['Voyage à Lisbonne']);
    expect(sorted(await search('q=croquette'))).toEqual(['Croquettes premium chien']);
    expect(sorted(await search('q=cremes%20solaires'))).toEqual(['Crème solaire minérale']);
  });

  it('takes each word as a prefix too, and needs every word', async () => {
    expect(sorted(await search('q=croq'))).toEqual(['Croquettes premium chien']);
    expect(sorted(await search('q=creme%20chien'))).toEqual([]);
  });

  it('searches tag values: type, sector', async () => {
    expect(sorted(await search('q=unboxing'))).toEqual(['Baskets urbaines']);
    expect(sorted(await search('q=avis%20clients%20beaute'))).toEqual(['Crème solaire minérale']);
  });

  it('ranks by relevance, then recency: a name match before an advertiser match', async () => {
    // « Crème solaire » has the word in its name (weight A); « Routine éclat » only in its advertiser (B), though newer.
    expect(names(await search('q=creme'))).toEqual(['Crème solaire minérale', 'Routine éclat']);
    // Most recent first when asked, whatever the relevance.
    expect(names(await search('q=creme&sort=recent'))).toEqual(['Routine éclat', 'Crème solaire minérale']);
  });

  it('never shows a pending creative', async () => {
    expect(names(await search('q=attente'))).toEqual([]);
  });
});

describe('the analysis', () => {
  it('is searched for members only, never for visitors', async () => {
    expect(names(await search('q=turquoise'))).toEqual([]);
    expect(names(await search('q=turquoise', userCookie))).toEqual(['Crème solaire minérale']);
    expect(names(await search('q=texture%20solaire', userCookie))).toEqual(['Crème solaire minérale']);
    expect(names(await search('q=texture%20solaire'))).toEqual([]);
  });

  it('is not a source of typo corrections for visitors', async () => {
    const page = await search('q=turquoize');
    expect(page.items).toEqual([]);
  });
});

describe('what the words miss', () => {
  it('falls back to the substring of name or advertiser', async () => {
    expect(sorted(await search('q=isbon'))).toEqual(['Voyage à Lisbonne']);
    expect(sorted(await search('q=%C3%A9lice'))).toEqual(['Croquettes premium chien']);
  });

  it('corrects typos and says what it searched for', async () => {
    const croquettes = await search('q=croqettes');
    expect(names(croquettes)).toEqual(['Croquettes premium chien']);
    expect(croquettes.searchedFor).toBe('croquettes');
    const sneakers = await search('q=sneackers');
    expect(names(sneakers)).toEqual(['Baskets urbaines']);
    expect(sneakers.searchedFor).toBe('sneakers');
    expect((await search('q=croquettes')).searchedFor).toBeUndefined();
  });

  it('corrects each of several searches asked at once (their words read together) as when asked alone', async () => {
    const queries = ['q=croqettes', 'q=sneackers', 'q=croqettes%20premim', 'q=baskets%20urbaines'];
    const together = await Promise.all(queries.map((q) => search(q)));
    expect(together.map((page) => page.searchedFor)).toEqual(['croquettes', 'sneakers', 'croquettes premium', undefined]);
    for (const [i, q] of queries.entries()) expect(together[i]).toEqual(await search(q));
  });

  it('finds nothing rather than anything for a term of no words', async () => {
    expect(names(await search('q=%25%25'))).toEqual([]);
    expect(names(await search('q=zzzzqqq'))).toEqual([]);
  });
});

describe('with filters, sorts and cursors', () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i++) {
      await insertCreative(t.db, {
        name: i % 2 ? `Randonnée alpine ${i}` : `Sac de montagne ${i}`,
        advertiser: i % 2 ? 'Montagne Vive' : 'Randonnées & Cie',
        formats: [i % 2 ? 'Vidéo' : 'Statique'],
        likes: i % 5,
        createdAt: ago(10 + i),
      });
    }
  });

  it('combines with filters', async () => {
    const page = await search('q=randonnees&format=Vid%C3%A9o');
    expect(page.items.length).toBe(12);
    expect(page.items.every((c) => c.format === 'Vidéo')).toBe(true);
  });

  it.each(['relevance', 'recent', 'likes'])('pages to the end without gaps or repeats, sort=%s', async (sort) => {
    const { items: all } = await followPages<Creative>(t, `/api/creatives?q=randonnee&sort=${sort}`, 12);
    expect(all).toHaveLength(30);
    expect(new Set(all.map((c) => c.id)).size).toBe(30);
  });

  it('keeps relevance order across pages: name matches, newest first, before advertiser matches', async () => {
    const { items: all } = await followPages<Creative>(t, '/api/creatives?q=randonnee', 12);
    const byAdvertiser = all.map((c) => c.advertiser === 'Randonnées & Cie');
    expect(byAdvertiser.indexOf(true)).toBe(15);
    expect(byAdvertiser.lastIndexOf(false)).toBe(14);
    const dates = all.slice(0, 15).map((c) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('continues a corrected search on the next pages', async () => {
    const { items: all } = await followPages<Creative>(t, '/api/creatives?q=randonnnee&sort=recent', 12);
    expect(all).toHaveLength(30);
  });

  it('refuses tampered cursors', async () => {
    await expectTamperedCursorsRefused(t, '/api/creatives?q=randonnee');
    const wrongMode = Buffer.from(JSON.stringify(['partout', 0.5, new Date().toISOString(), 'id'])).toString('base64url');
    expect((await t.request('GET', `/api/creatives?q=randonnee&cursor=${wrongMode}`)).status).toBe(400);
  });
});

describe('favourites and folders', () => {
  it('search the viewer’s favourites the same way', async () => {
    const [croquettes] = (await search('q=croquettes')).items;
    await t.db.insert(creativeLikes).values({ creativeId: croquettes!.id, userId });
    const res = await t.request<SearchPage>('GET', '/api/favorites?q=croqettes', { cookie: userCookie });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Croquettes premium chien']);
    const stem = await t.request<SearchPage>('GET', '/api/favorites?q=croquette', { cookie: userCookie });
    expect(names(stem.body)).toEqual(['Croquettes premium chien']);
  });
});
