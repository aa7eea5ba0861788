import path from 'node:path';
import { FACET_KEYS } from '@domain/facets';
import type { Bits } from './bitset';
import { CatalogueIndex, type SavedIndex } from './catalogue-index';
import type { JournalPosition } from './catalogue-sync';
import type { SavedPostings } from './postings';
import { readTypedFile, writeTypedFile, type TypedArray } from './typed-file';

/** Where a server keeps its saved catalogue: in its data folder. */
export const catalogueImageFile = (dataDir: string): string => path.join(dataDir, 'catalogue', 'index.bin');

/** Bumped whenever what the file holds changes meaning (4: 64 facet bits, lo = bits 0–31): an older file is then ignored. */
const FORMAT = 4;

/** An index saved with the journal position it stands at, and when it was saved (ms). */
export interface CatalogueImage {
  index: CatalogueIndex;
  position: JournalPosition;
  savedAt: number;
}

/** One lexeme's postings in a part: none, a run of the concatenated lists (offset, length), or the n-th bitset. */
type PostingsRef = null | ['list', number, number] | ['bits', number];

interface Header {
  format: number;
  facetKeys: readonly string[];
  epoch: string;
  applied: number;
  gaps: number[];
  savedAt: number;
  capacity: number;
  size: number;
  dead: number;
  idsUsed: number;
  oddIds: [number, string][];
  terms: [string, PostingsRef[]][];
  nameWords: [string, PostingsRef][];
  advertiserWords: [string, PostingsRef][];
}

/**
 * Writes the index and its journal position to `file` (whole or not at all), synchronously: the
 * index is not written to meanwhile. The arrays are written as they are, without copies, except the
 * postings lists, gathered into one array.
 */
export function saveCatalogueImage(file: string, index: CatalogueIndex, position: JournalPosition): void {
  const saved = index.saved;
  const lists: Uint32Array[] = [];
  const bitsets: Bits[] = [];
  let listed = 0;
  const refOf = (postings: SavedPostings | null): PostingsRef => {
    if (!postings) return null;
    if ('dense' in postings) return ['bits', bitsets.push(postings.dense) - 1];
    lists.push(postings.list);
    listed += postings.list.length;
    return ['list', listed - postings.list.length, postings.list.length];
  };
  const terms = saved.terms.map(([lexeme, parts]) => [lexeme, parts.map(refOf)] as [string, PostingsRef[]]);
  const wordRefs = (words: [string, SavedPostings][]) => words.map(([word, postings]) => [word, refOf(postings)] as [string, PostingsRef]);
  const nameWords = wordRefs(saved.nameWords);
  const advertiserWords = wordRefs(saved.advertiserWords);
  const allLists = new Uint32Array(listed);
  let at = 0;
  for (const list of lists) {
    allLists.set(list, at);
    at += list.length;
  }
  const header: Header = {
    format: FORMAT,
    facetKeys: FACET_KEYS,
    epoch: position.epoch,
    applied: position.applied,
    gaps: [...position.gaps.keys()],
    savedAt: Date.now(),
    capacity: saved.capacity,
    size: saved.size,
    dead: saved.dead,
    idsUsed: saved.ids.used,
    oddIds: saved.ids.odd,
    terms,
    nameWords,
    advertiserWords,
  };
  writeTypedFile(file, header, [...fixedArrays(saved), allLists, ...saved.values, ...bitsets]);
}

/** The arrays every image holds first, in this order. */
function fixedArrays(s: SavedIndex): TypedArray[] {
  return [s.created, s.likes, s.facetLo, s.facetHi, s.alive, s.valueCounts, s.orders.recent, s.orders.likes, s.ids.words, s.ids.table];
}
const FIXED = 10;

/**
 * Reads an index saved by saveCatalogueImage, or null when the file was made by another version of
 * this code or for other filter values. Throws when the file is damaged. The gaps of its journal
 * position are waited for anew from now.
 */
export function readCatalogueImage(file: string): CatalogueImage | null {
  const { header: raw, arrays } = readTypedFile(file);
  const header = raw as Header;
  if (header.format !== FORMAT || header.facetKeys.join() !== FACET_KEYS.join()) return null;
  const [created, likes, facetLo, facetHi, alive, valueCounts, recent, likesOrder, idWords, idTable] = arrays as [
    Float64Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Uint32Array,
    Int32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Int32Array,
  ];
  const allLists = arrays[FIXED] as Uint32Array;
  const values = arrays.slice(FIXED + 1, FIXED + 1 + FACET_KEYS.length) as Uint32Array[];
  const bitsets = arrays.slice(FIXED + 1 + FACET_KEYS.length) as Uint32Array[];
  const postingsOf = (ref: PostingsRef): SavedPostings | null =>
    ref === null ? null : ref[0] === 'bits' ? { dense: bitsets[ref[1]]! } : { list: allLists.subarray(ref[1], ref[1] + ref[2]) };
  const index = CatalogueIndex.restored({
    capacity: header.capacity,
    size: header.size,
    dead: header.dead,
    ids: { words: idWords, table: idTable, used: header.idsUsed, odd: header.oddIds },
    created,
    likes,
    facetLo,
    facetHi,
    alive,
    values,
    valueCounts,
    orders: { recent, likes: likesOrder },
    positions: { recent: positionsOf(recent, header.size, header.capacity), likes: positionsOf(likesOrder, header.size, header.capacity) },
    terms: header.terms.map(([lexeme, parts]) => [lexeme, parts.map(postingsOf)]),
    nameWords: header.nameWords.map(([word, ref]) => [word, postingsOf(ref)!]),
    advertiserWords: header.advertiserWords.map(([word, ref]) => [word, postingsOf(ref)!]),
  });
  const now = Date.now();
  return {
    index,
    position: { epoch: header.epoch, applied: header.applied, gaps: new Map(header.gaps.map((seq) => [seq, now])) },
    savedAt: header.savedAt,
  };
}

/** Each slot's position in an order (what the index keeps beside it; cheaper to recompute than to store). */
function positionsOf(order: Uint32Array, size: number, capacity: number): Int32Array {
  const positions = new Int32Array(capacity);
  for (let p = 0; p < size; p++) positions[order[p]!] = p;
  return positions;
}
