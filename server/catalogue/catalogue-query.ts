import { chosenGroups, FACET_KEYS, maskOf, type FacetPart } from '@domain/facets';
import type { GalleryFilters } from '@domain/gallery-filters';
import { andInto, clearBit, hasBit, orInto, setBit, slotsOf, type Bits } from './bitset';
import type { CatalogueIndex, OrderName } from './catalogue-index';
import type { Postings } from './postings';
import { WEIGHT, type QueryLexeme } from './tsvector-text';

/** The bits of a part of the document in a lexeme's postings (catalogue-index.ts PARTS order). */
const PART_WEIGHTS = [WEIGHT.A, WEIGHT.B, WEIGHT.C, WEIGHT.D] as const;

/**
 * A view's matches: all of them (`where`), and the same split in relevance tiers, most relevant
 * first; `words`, when known, lists the only words of these bitsets that may hold a match.
 */
export interface Matches {
  where: Bits;
  tiers: Bits[];
  words?: readonly number[] | null;
}

/** A search in one index: the creatives of `within` it matches, split in relevance tiers. */
export interface MatchSets {
  select(withAnalysis: boolean, within: Bits): Matches;
}

/**
 * A substring search in one index (search.ts, the mode after the full text): the creatives whose
 * name or advertiser, normalised, holds the term. The term has no space, so it lies within one word
 * of that text: the OR of the postings of every word that contains it. One tier, as in SQL.
 */
export class SubstringSet implements MatchSets {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly term: string,
  ) {}

  select(_withAnalysis: boolean, within: Bits): Matches {
    const where = this.index.scratch();
    for (const postings of this.index.textWordPostings(this.term)) postings.orInto(where);
    andInto(where, within);
    return { where, tiers: [where] };
  }
}

/**
 * Creatives named by id (those a substring spanning words was checked on, catalogue.ts): the live
 * ones of `within`. One tier, as in SQL.
 */
export class IdSet implements MatchSets {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly ids: readonly string[],
  ) {}

  select(_withAnalysis: boolean, within: Bits): Matches {
    const where = this.index.scratch();
    for (const id of this.ids) {
      const slot = this.index.ids.slotOf(id);
      if (slot >= 0 && hasBit(within, slot)) setBit(where, slot);
    }
    return { where, tiers: [where] };
  }
}

/**
 * A search's words in one index: for each word, the creatives carrying it (or a lexeme it starts
 * with) in each part of the document (null: none), so that the tiers are one pass over the words.
 */
export class WordSets implements MatchSets {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly words: readonly QueryLexeme[],
  ) {}

  /** For each word, the creatives carrying it in each part of the document (scratch bitsets). */
  private parts(lexemesOfWords: (Postings | null)[][][]): Bits[][] {
    const zero = this.index.scratch();
    return lexemesOfWords.map((lexemes) =>
      PART_WEIGHTS.map((_, part) => {
        const lists = lexemes.flatMap((postings) => postings[part] ?? []);
        // One lexeme held as a bitset (a common word): read in place.
        if (lists.length === 1 && lists[0]!.bits) return lists[0]!.bits;
        if (lists.length === 0) return zero;
        const bits = this.index.scratch();
        for (const list of lists) list.orInto(bits);
        return bits;
      }),
    );
  }

  /**
   * The words of the bitsets where the rarest search word has a creative, when all of its postings
   * are lists holding fewer slots than a sixteenth of the index (a rare word): only there can every
   * word be; null otherwise (every word of the bitsets is read).
   */
  private driverWords(lexemesOfWords: (Postings | null)[][][]): number[] | null {
    let rarest: Postings[] | null = null;
    let fewest = (this.index.words * 32) / 16;
    for (const lexemes of lexemesOfWords) {
      const postings = lexemes.flat().filter((p): p is Postings => p !== null);
      let slots = 0;
      for (const p of postings) slots += p.listed ?? Infinity;
      if (slots < fewest) {
        fewest = slots;
        rarest = postings;
      }
    }
    if (!rarest) return null;
    const marked = this.index.scratch();
    const words: number[] = [];
    for (const postings of rarest) postings.markWords(marked, words);
    return words;
  }

  /**
   * The creatives of `within` with every word in the document — the public parts for a visitor, every
   * part for a member (an empty search matches nothing, as in PostgreSQL) — and their relevance tiers
   * (domain/relevance.ts, search.ts): every word in the name; in the name or advertiser; in the public document; anywhere.
   * A visitor's search has three. One pass over the words of the bitsets.
   */
  select(withAnalysis: boolean, within: Bits): Matches {
    const where = this.index.scratch();
    const tiers = Array.from({ length: withAnalysis ? 4 : 3 }, () => this.index.scratch());
    if (this.words.length === 0) return { where, tiers, words: [] };
    const [t0, t1, t2] = tiers as [Bits, Bits, Bits];
    const t3 = tiers[3];
    const lexemesOfWords = this.words.map((word) => this.index.lexemePostings(word.lexeme, word.prefix));
    const driver = this.driverWords(lexemesOfWords);
    // The words' parts in one flat list (name, advertiser, tags, analysis of each word in turn): indexed
    // reads in the loop below, no destructuring per word of the bitsets.
    const parts = this.parts(lexemesOfWords).flat();
    const n = parts.length;
    const count = driver ? driver.length : this.index.words;
    for (let k = 0; k < count; k++) {
      const w = driver ? driver[k]! : k;
      const base = within[w]!;
      if (base === 0) continue;
      let a = base;
      let ab = base;
      let abc = base;
      let all = base;
      for (let i = 0; i < n; i += 4) {
        const x = parts[i]![w]!;
        const xb = x | parts[i + 1]![w]!;
        const xc = xb | parts[i + 2]![w]!;
        a &= x;
        ab &= xb;
        abc &= xc;
        all &= xc | parts[i + 3]![w]!;
      }
      const last = withAnalysis ? all : abc;
      if (last === 0) continue;
      where[w] = last;
      t0[w] = a;
      t1[w] = ab & ~a;
      t2[w] = abc & ~ab;
      if (t3) t3[w] = all & ~abc;
    }
    return { where, tiers, words: driver };
  }
}

/** For each part the filters restrict (domain/facets.ts chosenGroups), the bits of its chosen values (FACET_KEYS order). */
export function requiredParts(filters: GalleryFilters): { part: FacetPart; bits: number[] }[] {
  return chosenGroups(filters).map(({ part, keys }) => ({ part, bits: bitsOf(keys) }));
}

const bitsOf = (keys: string[]) => keys.map((k) => FACET_KEYS.indexOf(k)).filter((b) => b >= 0);

/** Creatives with any of the values of `bits` (one value: its own bitset, read only). */
export function anyOf(index: CatalogueIndex, bits: readonly number[]): Bits {
  if (bits.length === 1) return index.values[bits[0]!]!;
  const set = index.scratch();
  for (const bit of bits) orInto(set, index.values[bit]!);
  return set;
}

/** Live creatives passing the filters (any value within a group, every group and flag). */
export function filtered(index: CatalogueIndex, filters: GalleryFilters, within: Bits = index.alive): Bits {
  return withValues(
    index,
    requiredParts(filters).map((part) => part.bits),
    within,
  );
}

/** The creatives of `within` carrying, for each group of `groups`, one of its values (bits), as a scratch bitset. */
function withValues(index: CatalogueIndex, groups: readonly (readonly number[])[], within: Bits = index.alive): Bits {
  const set = index.scratchCopy(within);
  for (const bits of groups) andInto(set, anyOf(index, bits));
  return set;
}

/** Where a page starts: after a cursor's key, in the order of the page. */
export interface PageKey {
  likes: number;
  createdUs: number;
  id: string;
}

/** Up to this many matches, a page sorts them; past it, it walks the order. */
const GATHER_MAX = 4096;

/**
 * Up to `limit` slots of `set` in `order`, after `after` (a cursor's key) if given: the few matches
 * of a rare view are sorted by their positions; a common view's are met walking the order. `words`:
 * the only words of `set` that may hold a slot (Matches.words), when known.
 */
export function pageOf(
  index: CatalogueIndex,
  set: Bits,
  order: OrderName,
  after: PageKey | null,
  limit: number,
  words: readonly number[] | null = null,
): number[] {
  const start = after ? index.positionAfter(order, after) : 0;
  const positions = index.positions[order];
  // One pass that stops past GATHER_MAX: every match of a rare view, or the sign that it is common.
  const gathered = words ? slotsIn(set, words, GATHER_MAX + 1) : slotsOf(set, GATHER_MAX + 1);
  if (gathered.length <= GATHER_MAX) {
    return gathered
      .filter((slot) => positions[slot]! >= start)
      .sort((a, b) => positions[a]! - positions[b]!)
      .slice(0, limit);
  }
  const slots = index.orders[order];
  const page: number[] = [];
  for (let p = start; p < index.size && page.length < limit; p++) {
    const slot = slots[p]!;
    if (hasBit(set, slot)) page.push(slot);
  }
  return page;
}

/** The slots of `set` in the words `words` only (in no particular order), up to `max`. */
function slotsIn(set: Bits, words: readonly number[], max: number): number[] {
  const slots: number[] = [];
  for (let k = 0; k < words.length && slots.length < max; k++) {
    const w = words[k]!;
    for (let x = set[w]!; x !== 0 && slots.length < max; x &= x - 1) slots.push((w << 5) + 31 - Math.clz32(x & -x));
  }
  return slots;
}

/** Past this estimated share of the catalogue, a page of filter values walks its order; below, it ANDs bitsets. */
const WALKED_SHARE = 0.02;

/**
 * Up to `limit` live creatives other than `exclude` carrying, for each group of `groups`, one of its
 * values (bits; no group: every creative), in `order` after `after`. A common view is met within the
 * first positions of the order, each slot tested on its own filter bits (no pass over the index); a
 * rare one (its share estimated from the values' counts, groups taken as independent) is the AND of
 * the groups' bitsets, paged by pageOf.
 */
export function pageWithValues(
  index: CatalogueIndex,
  groups: readonly (readonly number[])[],
  order: OrderName,
  after: PageKey | null,
  limit: number,
  exclude = -1,
): number[] {
  const live = Math.max(1, index.liveCount);
  const share = groups.reduce((p, bits) => p * Math.min(1, bits.reduce((n, b) => n + index.valueCounts[b]!, 0) / live), 1);
  if (share < WALKED_SHARE) {
    const set = withValues(index, groups);
    if (exclude >= 0) clearBit(set, exclude);
    return pageOf(index, set, order, after, limit);
  }
  const masks = groups.map((bits) => maskOf(bits.map((b) => FACET_KEYS[b]!)));
  const { facetLo, facetHi } = index;
  const slots = index.orders[order];
  const found: number[] = [];
  for (let p = after ? index.positionAfter(order, after) : 0; p < index.size && found.length < limit; p++) {
    const slot = slots[p]!;
    if (slot === exclude || !index.isLive(slot)) continue;
    const lo = facetLo[slot]!;
    const hi = facetHi[slot]!;
    if (masks.every((m) => (lo & m.lo) !== 0 || (hi & m.hi) !== 0)) found.push(slot);
  }
  return found;
}
