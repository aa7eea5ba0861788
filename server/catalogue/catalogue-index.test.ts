import { describe, expect, it } from 'vitest';
import { countBits, slotsOf } from './bitset';
import { CatalogueIndex, type CatalogueEntry } from './catalogue-index';
import { pageOf, pageWithValues, WordSets } from './catalogue-query';
import { facetCountsOf } from './facet-bits';
import { BitsetArena } from './bitset-arena';
import { FACET_KEYS, LO_BITS } from '@domain/facets';
import { CATEGORY_LISTS } from '@domain/vocabulary';
import { SlotIds } from './slot-ids';
import { readAndQuery, readTsvectorText, WEIGHT } from './tsvector-text';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const entry = (n: number, over: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  id: uuid(n),
  createdUs: 1_700_000_000_000_000 + (n % 7) * 1000,
  likes: n % 5,
  facetLo: 1 << (n % 31),
  facetHi: 0,
  document: `'chat':1A 'croquet':2A,5C 'nestl':3B 'visag':9`,
  text: 'chat croquettes nestle',
  name: 'Chat croquettes',
  ...over,
});

describe('tsvector text', () => {
  it("reads lexemes, quotes doubled, and each lexeme's weights (no letter: D)", () => {
    const seen: [string, number][] = [];
    readTsvectorText(`'avant/apr':40 'blend':1A 'call-to-act':44C,45 'l''or':3B 'zero'`, (l, w) => seen.push([l, w]));
    expect(seen).toEqual([
      ['avant/apr', WEIGHT.D],
      ['blend', WEIGHT.A],
      ['call-to-act', WEIGHT.C | WEIGHT.D],
      ["l'or", WEIGHT.B],
      ['zero', WEIGHT.D],
    ]);
  });

  it('reads an AND of words and refuses what the engine does not answer', () => {
    expect(readAndQuery(`'croquet':* & 'chat'`)).toEqual([
      { lexeme: 'croquet', prefix: true },
      { lexeme: 'chat', prefix: false },
    ]);
    expect(readAndQuery('')).toEqual([]);
    expect(readAndQuery(`'e' <-> 'commerc'`)).toBeNull();
    expect(readAndQuery(`'a' | 'b'`)).toBeNull();
    expect(readAndQuery(`'a':*A`)).toBeNull();
  });
});

describe('slot ids', () => {
  it('keeps UUIDs as words and other ids as text, finds each by id, and orders them as PostgreSQL does', () => {
    const ids = new SlotIds(8);
    const all = [uuid(5), 'demo-creative-1', uuid(3), 'ffffffff-ffff-4fff-bfff-ffffffffffff', 'Z'];
    all.forEach((id, slot) => ids.put(slot, id));
    all.forEach((id, slot) => {
      expect(ids.idOf(slot)).toBe(id);
      expect(ids.slotOf(id)).toBe(slot);
    });
    const sorted = [...all.keys()].sort((a, b) => ids.compare(a, b)).map((s) => all[s]);
    expect(sorted).toEqual([...all].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    ids.remove(uuid(3));
    expect(ids.slotOf(uuid(3))).toBe(-1);
    expect(ids.slotOf(uuid(5))).toBe(0);
  });
});

describe('the catalogue index', () => {
  it('grows past its capacity and keeps both orders sorted through likes and changes', () => {
    const index = new CatalogueIndex(16);
    index.beginLoad();
    for (let n = 0; n < 40; n++) index.add(entry(n));
    index.endLoad();
    for (let n = 40; n < 300; n++) index.add(entry(n));
    for (let n = 0; n < 300; n += 3) index.setLikes(uuid(n), (n * 7) % 11);
    for (let n = 1; n < 300; n += 10) index.remove(uuid(n));
    for (let n = 2; n < 300; n += 10) {
      index.remove(uuid(n));
      index.add(entry(n, { likes: 9, document: `'renouvel':1A` }));
    }
    for (const name of ['recent', 'likes'] as const) {
      const order = Array.from(index.orders[name].subarray(0, index.size));
      const compare = name === 'recent' ? index.compareRecent.bind(index) : index.compareLikes.bind(index);
      expect([...order].sort(compare)).toEqual(order);
      order.forEach((slot, p) => expect(index.positions[name][slot]).toBe(p));
    }
    expect(index.liveCount).toBe(300 - 30);
    const renewed = new WordSets(index, [{ lexeme: 'renouvel', prefix: false }]).select(false, index.alive).where;
    expect(countBits(renewed)).toBe(30);
    const likes = pageOf(index, index.alive, 'likes', null, 300).map((s) => index.likes[s]!);
    expect(likes).toHaveLength(270);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(slotsOf(renewed).every((s) => index.likes[s] === 9)).toBe(true);
  });

  it('matches a prefix over every lexeme it starts, in the parts asked', () => {
    const index = new CatalogueIndex();
    index.add(entry(1, { document: `'croquet':1A` }));
    index.add(entry(2, { document: `'croqu':1C` }));
    index.add(entry(3, { document: `'croissant':4` }));
    const words = new WordSets(index, [{ lexeme: 'croq', prefix: true }]).select(false, index.alive);
    expect(words.tiers.map(countBits)).toEqual([1, 0, 1]);
    expect(countBits(words.where)).toBe(2);
    expect(countBits(new WordSets(index, [{ lexeme: 'cro', prefix: true }]).select(true, index.alive).where)).toBe(3);
    expect(countBits(new WordSets(index, []).select(true, index.alive).where)).toBe(0);
  });

  it('counts the filter values by bitsets as domain/facets.ts counts them one by one', () => {
    const index = new CatalogueIndex(64);
    // A seed under which every view below, searched or not, has matches (the last check).
    let x = 19;
    const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
    for (let n = 0; n < 500; n++) {
      let lo = 0;
      let hi = 0;
      for (let bit = 0; bit < FACET_KEYS.length; bit++) {
        if (next() % 5 !== 0) continue;
        if (bit < LO_BITS) lo |= 1 << bit;
        else hi |= 1 << (bit - LO_BITS);
      }
      index.add(entry(n, { facetLo: lo, facetHi: hi, document: n % 3 ? `'chat':1A` : `'lion':1A` }));
    }
    for (let n = 0; n < 500; n += 7) index.remove(uuid(n));
    const views = [
      { categories: {}, isJuntoAngel: false, testedAndApproved: false },
      { categories: { sector: [CATEGORY_LISTS.sector[0]!, CATEGORY_LISTS.sector[3]!] }, isJuntoAngel: true, testedAndApproved: false },
      {
        categories: { format: [CATEGORY_LISTS.format[1]!], platform: [CATEGORY_LISTS.platform[2]!] },
        isJuntoAngel: false,
        testedAndApproved: true,
      },
      // The shape and length groups: bits 55–63, 'length:long' the sign bit of `hi`; 'sector:Animaux' (bit 31) that of `lo`.
      { categories: {}, media: { shape: ['9:16', '1:1'], length: ['long'] }, isJuntoAngel: false, testedAndApproved: false },
      { categories: { sector: ['Animaux'] }, media: { length: ['le6', 'long'] }, isJuntoAngel: false, testedAndApproved: false },
    ];
    const chats = () => new WordSets(index, [{ lexeme: 'chat', prefix: false }]).select(false, index.alive).where;
    for (const filters of views) {
      for (const matches of [null, chats]) {
        index.beginScratch();
        const bitsets = facetCountsOf(index, matches && matches(), filters, 0);
        index.beginScratch();
        const oneByOne = facetCountsOf(index, matches && matches(), filters, Infinity);
        expect(bitsets).toEqual(oneByOne);
        expect(bitsets.total, JSON.stringify(filters)).toBeGreaterThan(0);
      }
    }
  });
});

describe('a page of filter values', () => {
  it('walks a common view and ANDs the bitsets of a rare one, both as a brute-force reading of the order', () => {
    const index = new CatalogueIndex(64);
    let x = 11;
    const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
    for (let n = 0; n < 3000; n++) {
      // Bit 0 on every other creative (common), bit 40 on one in 200 (rare), others at random.
      let lo = n % 2 === 0 ? 1 : 0;
      let hi = n % 200 === 0 ? 1 << (40 - LO_BITS) : 0;
      if (next() % 3 === 0) lo |= 1 << (next() % LO_BITS);
      if (next() % 3 === 0) hi |= 1 << (next() % 8);
      // Bit 63 (the sign of `hi`) on one in 5.
      if (n % 5 === 0) hi |= 1 << (63 - LO_BITS);
      index.add(entry(n, { facetLo: lo, facetHi: hi, likes: next() % 7 }));
    }
    for (let n = 0; n < 3000; n += 13) index.remove(uuid(n));
    const carries = (slot: number, bit: number) =>
      bit < LO_BITS ? (index.facetLo[slot]! & (1 << bit)) !== 0 : (index.facetHi[slot]! & (1 << (bit - LO_BITS))) !== 0;
    const views = [
      [[0]],
      [[40]],
      [[0], [40]],
      [
        [0, 3],
        [33, 34],
      ],
      [[31]],
      [[63]],
      [[31, 63], [0]],
      [],
    ];
    for (const groups of views) {
      for (const order of ['recent', 'likes'] as const) {
        const expected = Array.from(index.orders[order].subarray(0, index.size)).filter(
          (slot) => index.isLive(slot) && slot !== 5 && groups.every((bits) => bits.some((bit) => carries(slot, bit))),
        );
        index.beginScratch();
        const first = pageWithValues(index, groups, order, null, 30, 5);
        expect(first, JSON.stringify(groups)).toEqual(expected.slice(0, 30));
        // From a cursor: the key of the 30th.
        const last = first.at(-1);
        if (last === undefined) continue;
        const after = { likes: index.likes[last]!, createdUs: index.created[last]!, id: index.ids.idOf(last) };
        expect(pageWithValues(index, groups, order, after, 30, 5)).toEqual(expected.slice(30, 60));
      }
    }
  });
});

describe('the bitset arena', () => {
  it('counts the bits two of its sets share with popcnt as JavaScript counts them, odd sizes included', () => {
    for (const words of [1, 7, 1000, 4097]) {
      const arena = new BitsetArena(words, 3);
      const [a, b] = [arena.set(0), arena.set(1)];
      let x = words;
      for (let w = 0; w < words; w++) {
        a[w] = x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
        b[w] = x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      }
      const outside = Uint32Array.from(b);
      expect(arena.countAnd(a, b)).toBe(arena.countAnd(a, outside));
      expect(arena.countAnd(a, a)).toBe(countBits(a));
    }
    expect(() => new BitsetArena(4, 2).set(2)).toThrow(RangeError);
  });
});
