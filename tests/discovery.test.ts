import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { Creative, Suggestion } from '@domain/types';
import { creatives, suggestionTerms } from '@server/db/schema';
import { rowsOf } from '@server/db/sql-rows';
import { insertCreative } from './helpers/fixtures';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';

/** Suggestions while typing and 'Créatives similaires' (issue 17), on PGlite and on PostgreSQL. */
let t: TestApp;
let userCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  userCookie = (await t.loginAs('user')).cookie;
  adminCookie = (await t.loginAs('admin')).cookie;
});

afterAll(() => t.close());

async function suggest(q: string, cookie?: string): Promise<Suggestion[]> {
  const res = await t.request<Suggestion[]>('GET', `/api/creatives/suggestions?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const labels = (list: Suggestion[], kind: Suggestion['kind']) => list.filter((s) => s.kind === kind).map((s) => s.label);

/** suggestion_terms as the triggers keep it, and as a recount from creatives says it should be. */
async function termsDrift(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from (
          select kind, label, count(*)::int as n from creatives c, suggestion_facts(c) f group by 1, 2) e
        full join suggestion_terms s using (kind, label)
        where coalesce(e.n, 0) <> coalesce(s.n, 0)`,
  );
  return Number(row?.n ?? 0);
}

describe('suggestions while typing', () => {
  let croquettes: { id: string };
  beforeAll(async () => {
    croquettes = await insertCreative(t.db, { name: 'Croquettes premium', advertiser: 'Félin Gourmet', likes: 40 });
    await insertCreative(t.db, { name: 'Croquettes premium', advertiser: 'Félin Gourmet', likes: 3 });
    await insertCreative(t.db, { name: 'Pâtée du soir', advertiser: 'Maison Crozet', likes: 10 });
    await insertCreative(t.db, { name: 'Pâtée du matin', advertiser: 'Maison Crozet', likes: 2 });
    await insertCreative(t.db, { name: 'Crème Éclat', advertiser: "L'Oréal Paris", likes: 5, sectors: ['Beauté'] });
    await insertCreative(t.db, { name: 'Écran total', advertiser: 'Soleil', likes: 1, types: ['Avis clients'] });
    await insertCreative(t.db, { name: 'Crocodile caché', advertiser: 'Crocus Secret', status: 'pending' });
    await insertCreative(t.db, { name: 'Crocodile refusé', advertiser: 'Crocus Refus', status: 'rejected' });
    await insertCreative(t.db, { name: 'Sans rapport', advertiser: 'Autre', attention: 'crocante analyse secrète' });
  });

  it('matches the start of any word, whatever the case and accents', async () => {
    const found = await suggest('cro');
    expect(labels(found, 'advertiser')).toEqual(['Maison Crozet']);
    expect(labels(found, 'creative')).toEqual(['Croquettes premium']);
    expect(found.find((s) => s.kind === 'creative')?.id).toBe(croquettes.id);
    expect(labels(await suggest('ECLA'), 'creative')).toEqual(['Crème Éclat']);
    expect(labels(await suggest('creme'), 'creative')).toEqual(['Crème Éclat']);
    expect(labels(await suggest('oreal'), 'advertiser')).toEqual(["L'Oréal Paris"]);
    expect(labels(await suggest('felin gour'), 'advertiser')).toEqual(['Félin Gourmet']);
    // Inside a word is not a word start.
    expect(labels(await suggest('roq'), 'creative')).toEqual([]);
  });

  it('suggests tag values that an approved creative carries, with their group', async () => {
    expect((await suggest('beau')).filter((s) => s.kind === 'tag')).toEqual([{ kind: 'tag', label: 'Beauté', category: 'sector' }]);
    expect((await suggest('clie')).filter((s) => s.kind === 'tag')).toEqual([{ kind: 'tag', label: 'Avis clients', category: 'type' }]);
    // 'Sport' is in the vocabulary but no approved creative carries it.
    expect(labels(await suggest('spo'), 'tag')).toEqual([]);
  });

  it('never suggests pending or rejected creatives, nor words of the analysis', async () => {
    const found = await suggest('croc', adminCookie);
    expect(found).toEqual([]);
    expect(await suggest('secr', userCookie)).toEqual([]);
  });

  it('answers [] to an empty or wordless term, and a French error to a too long one', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest("'!?")).toEqual([]);
    const res = await t.request<ApiError>('GET', `/api/creatives/suggestions?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toMatch(/[àéèç]|caractères|valeur/i);
  });

  it('keeps at most 8, up to 3 advertisers and 3 tags, ranked by approved creatives carrying them', async () => {
    for (let i = 0; i < 5; i++) {
      for (let k = 0; k <= i; k++) await insertCreative(t.db, { name: `Zébulon ${i}-${k}`, advertiser: `Zébu ${i}`, likes: i * 10 + k });
    }
    const found = await suggest('zeb');
    expect(found).toHaveLength(8);
    expect(labels(found, 'advertiser')).toEqual(['Zébu 4', 'Zébu 3', 'Zébu 2']);
    expect(labels(found, 'creative')).toEqual(['Zébulon 4-4', 'Zébulon 4-3', 'Zébulon 4-2', 'Zébulon 4-1', 'Zébulon 4-0']);
  });

  it('answers everyone from one cached entry, emptied by an API write', async () => {
    const first = await t.request<Suggestion[]>('GET', '/api/creatives/suggestions?q=croq', { cookie: userCookie });
    const visitor = await t.request<Suggestion[]>('GET', '/api/creatives/suggestions?q=croq');
    expect(visitor.headers.get('x-cache')).toBe('hit');
    expect(visitor.body).toEqual(first.body);
    const added = await insertCreative(t.db, { name: 'Croquant du jour', advertiser: 'Boulange', status: 'pending' });
    expect((await t.request('POST', `/api/creatives/${added.id}/approve`, { cookie: adminCookie })).status).toBe(200);
    const after = await t.request<Suggestion[]>('GET', '/api/creatives/suggestions?q=croq', { cookie: userCookie });
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(labels(after.body, 'creative')).toContain('Croquant du jour');
    expect((await t.request('DELETE', `/api/creatives/${added.id}`, { cookie: adminCookie })).status).toBe(200);
  });

  it('keeps the advertiser and tag counts exact through approve, reject, edit and delete', async () => {
    const c = await insertCreative(t.db, { name: 'Vélo cargo', advertiser: 'Quiberon Cycles', status: 'pending', sectors: ['Sport'] });
    const count = async () => (await t.db.select().from(suggestionTerms).where(eq(suggestionTerms.label, 'Quiberon Cycles')))[0]?.n ?? 0;
    expect(await count()).toBe(0);
    expect((await t.request('POST', `/api/creatives/${c.id}/approve`, { cookie: adminCookie })).status).toBe(200);
    expect(await count()).toBe(1);
    expect(labels(await suggest('spo'), 'tag')).toEqual(['Sport']);
    // Straight to the table, as a restore or a script would: the triggers keep the terms; the answers are
    // cached for everyone, so the cache is emptied as every API write does.
    const straight = async (values: Partial<typeof creatives.$inferInsert>) => {
      await t.db.update(creatives).set(values).where(eq(creatives.id, c.id));
      t.deps.caches.responseCache?.invalidate();
    };
    await straight({ advertiser: 'Quimper Cycles', sectors: ['Travel'] });
    expect(await count()).toBe(0);
    expect(labels(await suggest('quim', userCookie), 'advertiser')).toEqual(['Quimper Cycles']);
    expect(labels(await suggest('spo', userCookie), 'tag')).toEqual([]);
    await straight({ likes: 99 });
    await straight({ status: 'rejected' });
    expect(labels(await suggest('quim', userCookie), 'advertiser')).toEqual([]);
    await straight({ status: 'approved' });
    expect((await t.request('DELETE', `/api/creatives/${c.id}`, { cookie: adminCookie })).status).toBe(200);
    expect(labels(await suggest('quim', userCookie), 'advertiser')).toEqual([]);
    expect(await termsDrift()).toBe(0);
  });
});

describe('similar creatives', () => {
  const base = { formats: ['Carrousel'], objectives: ['MOFU'], platforms: ['TikTok'], advertiser: 'Sim' };
  let me: { id: string };
  let ids: Record<'all' | 'twoSectors' | 'sectorType' | 'type' | 'light' | 'platform' | 'format' | 'pending' | 'nothing', string>;
  beforeAll(async () => {
    const day = 86_400_000;
    const at = (d: number) => new Date(Date.now() - d * day);
    me = await insertCreative(t.db, { ...base, name: 'Sim moi', sectors: ['Mode', 'Travel'], types: ['Humour'], createdAt: at(1) });
    const make = async (
      name: string,
      values: Partial<Record<'sectors' | 'types' | 'formats' | 'objectives' | 'platforms', string[]>>,
      d: number,
      status?: 'pending',
    ) =>
      (
        await insertCreative(t.db, {
          ...base,
          name,
          formats: ['GIF'],
          objectives: ['BOFU'],
          platforms: ['Google'],
          sectors: ['Saas'],
          types: ['IA'],
          ...values,
          createdAt: at(d),
          status,
        })
      ).id;
    ids = {
      // 3 (sector) + 3 (type) + 1 + 1 + 1 = 9
      all: await make(
        'Sim tout',
        { sectors: ['Mode'], types: ['Humour'], formats: ['Carrousel'], objectives: ['MOFU'], platforms: ['TikTok'] },
        50,
      ),
      // two sectors: 6
      twoSectors: await make('Sim deux secteurs', { sectors: ['Mode', 'Travel'] }, 40),
      // sector + type: 6, newer than twoSectors
      sectorType: await make('Sim secteur type', { sectors: ['Travel'], types: ['Humour'] }, 30),
      // type only: 3
      type: await make('Sim type', { types: ['Humour'] }, 5),
      // format + objective + platform: 3, older than 'type'
      light: await make('Sim léger', { formats: ['Carrousel'], objectives: ['MOFU'], platforms: ['TikTok'] }, 20),
      // one platform: 1
      platform: await make('Sim plateforme', { platforms: ['TikTok'] }, 2),
      // one format: 1, older
      format: await make('Sim format', { formats: ['Carrousel'] }, 60),
      pending: await make('Sim en attente', { sectors: ['Mode'], types: ['Humour'] }, 3, 'pending'),
      nothing: await make('Sim rien', {}, 4),
    };
  });

  const similar = async (id: string, cookie?: string) => {
    const res = await t.request<Creative[]>('GET', `/api/creatives/${id}/similar`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it('ranks by shared tag values, sector and type weighted 3, newest first on a tie; 6 at most, approved only, not itself', async () => {
    const found = await similar(me.id);
    expect(found.map((c) => c.id)).toEqual([ids.all, ids.sectorType, ids.twoSectors, ids.type, ids.light, ids.platform]);
    expect(found.every((c) => c.status === 'approved' && c.analysis === null)).toBe(true);
  });

  it('answers the detail page 404 to whoever may not open the creative', async () => {
    const res = await t.request<ApiError>('GET', `/api/creatives/${ids.pending}/similar`, { cookie: userCookie });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MSG.creativeNotFound);
    expect((await t.request('GET', `/api/creatives/${crypto.randomUUID()}/similar`)).status).toBe(404);
    // Staff may open a pending creative: its similar creatives are approved ones.
    const forStaff = await similar(ids.pending, adminCookie);
    expect(forStaff[0]!.id).toBe(me.id); // its sector, its type, newest
    expect(forStaff.map((c) => c.id)).not.toContain(ids.pending);
    // The staff's answer is now cached for members: the check still runs for each viewer.
    expect((await t.request('GET', `/api/creatives/${ids.pending}/similar`, { cookie: userCookie })).status).toBe(404);
  });

  it("serves members one cached list with each one's own likes; an API write shows on the next request", async () => {
    const other = await t.loginAs('user');
    expect((await t.request('POST', `/api/creatives/${ids.type}/like`, { cookie: userCookie })).status).toBe(200);
    const mine = await t.request<Creative[]>('GET', `/api/creatives/${me.id}/similar`, { cookie: userCookie });
    const theirs = await t.request<Creative[]>('GET', `/api/creatives/${me.id}/similar`, { cookie: other.cookie });
    expect(theirs.headers.get('x-cache')).toBe('member-hit');
    expect(mine.body.find((c) => c.id === ids.type)?.likedByMe).toBe(true);
    expect(theirs.body.find((c) => c.id === ids.type)?.likedByMe).toBe(false);
    expect(theirs.body.every((c) => c.analysis !== null)).toBe(true);

    const twin = await insertCreative(t.db, {
      ...base,
      name: 'Sim jumeau',
      sectors: ['Mode', 'Travel'],
      types: ['Humour'],
      status: 'pending',
    });
    expect((await t.request('POST', `/api/creatives/${twin.id}/approve`, { cookie: adminCookie })).status).toBe(200);
    const after = await t.request<Creative[]>('GET', `/api/creatives/${me.id}/similar`, { cookie: other.cookie });
    expect(after.headers.get('x-cache')).toBe('member-miss');
    expect(after.body[0]!.id).toBe(twin.id);
    expect((await t.request('DELETE', `/api/creatives/${twin.id}`, { cookie: adminCookie })).status).toBe(200);
    expect((await t.request('DELETE', `/api/creatives/${ids.type}/like`, { cookie: userCookie })).status).toBe(200);
  });
});
