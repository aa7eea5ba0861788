import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FACET_KEYS } from '@domain/facets';
import { readCatalogueImage, saveCatalogueImage } from './catalogue-image';
import { CatalogueIndex, type CatalogueEntry } from './catalogue-index';
import { pageOf, SubstringSet, WordSets } from './catalogue-query';
import { suggestedNames } from './catalogue-views';
import type { JournalPosition } from './catalogue-sync';
import { facetCountsOf } from './facet-bits';
import { readTypedFile, writeTypedFile } from './typed-file';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-image-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const WORDS = ['chat', 'croquet', 'nestl', 'visag', 'lumier', 'bio', 'cafe', 'promo'];

/** A creative of a seeded variety: some words common (held as bitsets), some rare (lists), an odd id now and then. */
function entryOf(n: number): CatalogueEntry {
  const word = (k: number) => WORDS[(n * 7 + k * 3) % WORDS.length]!;
  return {
    id: n % 97 === 0 ? `demo-${n}` : uuid(n),
    createdUs: 1_700_000_000_000_000 + (n % 13) * 1000,
    likes: (n * 31) % 9,
    facetLo: (1 << (n % 31)) | (1 << ((n * 5) % 31)),
    facetHi: n % 3 === 0 ? 1 << (n % 7) : 0,
    document: `'${word(0)}':1A 'common':2A,3B '${word(1)}':4C 'rare${n % 50}':5 'only${n}':6B`,
    text: `${word(0)} common-${n % 40} only${n}`,
    name: `${word(0)} common-${n % 40}`,
  };
}

/** What a view shows in an index: its pages in both orders, and a search's counts. */
function answers(index: CatalogueIndex) {
  index.beginScratch();
  const words = new WordSets(index, [
    { lexeme: 'common', prefix: false },
    { lexeme: 'ra', prefix: true },
  ]);
  const { where, tiers } = words.select(true, index.alive);
  const slotsToIds = (slots: number[]) => slots.map((s) => index.ids.idOf(s));
  const piece = new SubstringSet(index, 'mmon-1').select(false, index.alive).where;
  return {
    live: index.liveCount,
    recent: slotsToIds(pageOf(index, index.alive, 'recent', null, 50)),
    liked: slotsToIds(pageOf(index, index.alive, 'likes', null, 50)),
    searched: slotsToIds(pageOf(index, where, 'recent', null, 50)),
    substring: slotsToIds(pageOf(index, piece, 'likes', null, 50)),
    // `only<n>` is a word of the text outside the name.
    substringOutsideName: slotsToIds(pageOf(index, new SubstringSet(index, 'nly1').select(false, index.alive).where, 'likes', null, 50)),
    tiers: tiers.map((t) => slotsToIds(pageOf(index, t, 'recent', null, 20))),
    counts: facetCountsOf(index, null, { categories: {}, isJuntoAngel: false, testedAndApproved: false }),
    slotOfSome: [uuid(5), 'demo-97', uuid(1001)].map((id) => index.ids.slotOf(id)),
    // Last: it starts a computation of its own (the bitsets above are lent again).
    suggested: suggestedNames(index, ['comm'], 50),
  };
}

/** The same changes applied to an index: new creatives, removals, likes. */
function change(index: CatalogueIndex, from: number) {
  for (let n = from; n < from + 300; n++) index.add(entryOf(n));
  for (let n = from - 200; n < from; n += 3) index.remove(n % 97 === 0 ? `demo-${n}` : uuid(n));
  for (let n = 1; n < from; n += 7) index.setLikes(uuid(n), (n * 13) % 17);
}

const position: JournalPosition = { epoch: 'e1', applied: 42, gaps: new Map([[40, 0]]) };

describe('the saved catalogue', () => {
  it('reads back an index that answers and changes exactly as the one saved', () => {
    const index = new CatalogueIndex(64);
    index.beginLoad();
    for (let n = 1; n <= 2_000; n++) index.add(entryOf(n));
    index.endLoad();
    change(index, 2_001);
    const file = path.join(dir, 'a', 'index.bin');
    saveCatalogueImage(file, index, position);
    const image = readCatalogueImage(file)!;

    expect(image.position.epoch).toBe('e1');
    expect(image.position.applied).toBe(42);
    expect([...image.position.gaps.keys()]).toEqual([40]);
    expect(image.index.lexemeCount).toBe(index.lexemeCount);
    // Lists come back trimmed to their slots.
    expect(image.index.bytes).toBeLessThanOrEqual(index.bytes);
    expect(answers(image.index)).toEqual(answers(index));
    // Both go on alike: lists grow into bitsets, slots die, the orders move, the id table grows.
    change(index, 2_301);
    change(image.index, 2_301);
    for (let n = 2_601; n < 6_000; n++) {
      index.add(entryOf(n));
      image.index.add(entryOf(n));
    }
    expect(answers(image.index)).toEqual(answers(index));
  });

  it('ignores a file of another format or for other filter values, and refuses a damaged one', () => {
    const index = new CatalogueIndex(64);
    for (let n = 1; n <= 100; n++) index.add(entryOf(n));
    const file = path.join(dir, 'b.bin');
    saveCatalogueImage(file, index, position);
    const { header, arrays } = readTypedFile(file) as { header: { facetKeys: string[]; format: number }; arrays: Uint32Array[] };
    writeTypedFile(file, { ...header, facetKeys: [...FACET_KEYS, 'format:nouveau'] }, arrays);
    expect(readCatalogueImage(file)).toBeNull();
    writeTypedFile(file, { ...header, format: header.format + 1 }, arrays);
    expect(readCatalogueImage(file)).toBeNull();

    saveCatalogueImage(file, index, position);
    fs.truncateSync(file, fs.statSync(file).size - 8);
    expect(() => readCatalogueImage(file)).toThrow(/tronqué/);
    fs.writeFileSync(file, 'pas un index');
    expect(() => readCatalogueImage(file)).toThrow();
  });

  it('leaves the last whole file when a save fails midway', () => {
    const index = new CatalogueIndex(64);
    for (let n = 1; n <= 10; n++) index.add(entryOf(n));
    const file = path.join(dir, 'c.bin');
    saveCatalogueImage(file, index, position);
    const before = fs.readFileSync(file);
    // A header that cannot be written (a BigInt in JSON) fails before the rename.
    expect(() => writeTypedFile(file, { n: 1n }, [])).toThrow();
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
