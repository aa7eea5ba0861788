import { FACET_KEYS, LO_BITS } from '@domain/facets';
import { normalizeSearch } from '@domain/search';
import { suggestionWords } from '@domain/suggestions';
import { clearBit, grown, hasBit, setBit, wordsFor, type Bits } from './bitset';
import { BitsetArena } from './bitset-arena';
import { Postings, type SavedPostings } from './postings';
import { SlotIds, compareText, type SavedIds } from './slot-ids';
import { readTsvectorText, WEIGHT } from './tsvector-text';

/** What the index keeps of one approved creative (read from the database by catalogue-sync.ts). */
export interface CatalogueEntry {
  id: string;
  /** `created_at` in microseconds since 1970 (PostgreSQL's precision). */
  createdUs: number;
  likes: number;
  /** The filter values as bits (domain/facets.ts). */
  facetLo: number;
  facetHi: number;
  /** The text form of the members' search document (its A, B, C and D positions). */
  document: string;
  /** Its name and advertiser, normalised (`search_text`, domain/search.ts): what a substring search reads. */
  text: string;
  /** Its name as written: which words of `text` are the name's (the suggestions read those). */
  name: string;
}

/** Scratch bitsets kept in the arena (with the value bitsets); a query needing more takes heap ones. */
const ARENA_SCRATCH = 48;

/** The four parts of a document, in the order of the postings of a lexeme. */
const PARTS = [WEIGHT.A, WEIGHT.B, WEIGHT.C, WEIGHT.D] as const;

/** The sort orders kept as arrays of slots. */
export type OrderName = 'recent' | 'likes';

/**
 * The approved catalogue in memory (docs/decisions/019-catalogue-engine.md). Each approved creative
 * holds a slot: its id, time, likes and filter bits in typed arrays, its bit in `alive`, in the bitset
 * of each of its filter values and in the postings of each lexeme of its search document (per part:
 * name, advertiser, tags, analysis), and in the postings of each word of its normalised name and
 * advertiser (the substring search). Two arrays list the slots in each sort order (newest first; most
 * liked first), with each slot's position in them. A creative that changes (text, tags, status) gets a
 * new slot and its old one dies: postings only grow, the orders keep dead slots (skipped), and a
 * compaction (a rebuild) reclaims them. A like moves the slot within the likes order only.
 */
export class CatalogueIndex {
  private capacity: number;
  /** Slots handed out (live and dead). */
  size = 0;
  dead = 0;
  ids: SlotIds;
  created: Float64Array;
  likes: Int32Array;
  facetLo: Int32Array;
  facetHi: Int32Array;
  alive: Bits;
  /** One bitset per filter value, in FACET_KEYS order: its live creatives (in the arena). */
  values: Bits[];
  /** The value bitsets and the first scratch bitsets, where facet-bits.ts counts ANDs with popcnt. */
  private arena: BitsetArena;
  /** How many live creatives carry each filter value. */
  readonly valueCounts = new Int32Array(FACET_KEYS.length);
  private readonly terms = new Map<string, (Postings | null)[]>();
  /**
   * For each word of the creatives' `text`, the slots holding it: the words of their names, and
   * the other words (of their advertisers).
   */
  private readonly nameWords = new Map<string, Postings>();
  private readonly advertiserWords = new Map<string, Postings>();
  private sortedLexemes: string[] | null = null;
  /** The suggestions' words of each word of the names (`suggestionWords`), sorted, with the name word. */
  private namePieces: { piece: string; word: string }[] | null = null;
  readonly orders: Record<OrderName, Uint32Array>;
  readonly positions: Record<OrderName, Int32Array>;
  /** While loading, orders are appended to and sorted once at the end. */
  private loading = false;
  /** Bitsets lent to one computation at a time (see `scratch`). */
  private readonly scratchPool: Bits[] = [];
  private scratchUsed = 0;

  constructor(capacity = 1024) {
    this.capacity = Math.max(16, capacity);
    this.ids = new SlotIds(this.capacity);
    this.created = new Float64Array(this.capacity);
    this.likes = new Int32Array(this.capacity);
    this.facetLo = new Int32Array(this.capacity);
    this.facetHi = new Int32Array(this.capacity);
    this.alive = new Uint32Array(this.words);
    this.arena = new BitsetArena(this.words, FACET_KEYS.length + ARENA_SCRATCH);
    this.values = FACET_KEYS.map((_, k) => this.arena.set(k));
    this.orders = { recent: new Uint32Array(this.capacity), likes: new Uint32Array(this.capacity) };
    this.positions = { recent: new Int32Array(this.capacity), likes: new Int32Array(this.capacity) };
  }

  get words(): number {
    return wordsFor(this.capacity);
  }

  get liveCount(): number {
    return this.size - this.dead;
  }

  /** Bulk load: `add` appends to the orders without placing; `endLoad` sorts them once. */
  beginLoad(): void {
    this.loading = true;
  }

  endLoad(): void {
    this.loading = false;
    const recent = this.orders.recent.subarray(0, this.size);
    if (!isSorted(recent, (a, b) => this.compareRecent(a, b))) recent.sort((a, b) => this.compareRecent(a, b));
    this.orders.likes.set(likesOrderOf(recent, this.likes));
    for (const name of ['recent', 'likes'] as const) {
      const order = this.orders[name];
      const positions = this.positions[name];
      for (let p = 0; p < this.size; p++) positions[order[p]!] = p;
    }
  }

  private addWords(map: Map<string, Postings>, words: Set<string>, slot: number): void {
    for (const word of words) {
      if (!word) continue;
      let postings = map.get(word);
      if (!postings) {
        map.set(word, (postings = new Postings()));
        if (map === this.nameWords) this.namePieces = null;
      }
      postings.add(slot, this.words);
    }
  }

  /** Adds an approved creative (a new slot); its id must not be live already. */
  add(entry: CatalogueEntry): number {
    if (this.size === this.capacity) this.grow(this.capacity * 2);
    const slot = this.size++;
    this.ids.put(slot, entry.id);
    this.created[slot] = entry.createdUs;
    this.likes[slot] = entry.likes;
    this.facetLo[slot] = entry.facetLo;
    this.facetHi[slot] = entry.facetHi;
    setBit(this.alive, slot);
    for (const bit of this.bitsOf(slot)) {
      setBit(this.values[bit]!, slot);
      this.valueCounts[bit]!++;
    }
    const words = this.words;
    readTsvectorText(entry.document, (lexeme, weights) => {
      let postings = this.terms.get(lexeme);
      if (!postings) {
        postings = [null, null, null, null];
        this.terms.set(lexeme, postings);
        this.sortedLexemes = null;
      }
      for (let part = 0; part < PARTS.length; part++) {
        if ((weights & PARTS[part]!) !== 0) (postings[part] ??= new Postings()).add(slot, words);
      }
    });
    // The words of the name, and the others of `text` (which starts with the same words when it is
    // searchTextOf's, as every write of the API keeps it).
    const ofName = new Set(normalizeSearch(entry.name).split(' '));
    const ofText = new Set(entry.text.split(' '));
    for (const word of ofName) ofText.delete(word);
    this.addWords(this.nameWords, ofName, slot);
    this.addWords(this.advertiserWords, ofText, slot);
    if (this.loading) {
      this.orders.recent[slot] = slot;
      this.orders.likes[slot] = slot;
    } else {
      this.place('recent', slot, this.size - 1);
      this.place('likes', slot, this.size - 1);
    }
    return slot;
  }

  /** Takes a creative out (rejected, deleted, or about to be added again with new values). */
  remove(id: string): boolean {
    const slot = this.ids.slotOf(id);
    if (slot < 0) return false;
    this.ids.remove(id);
    clearBit(this.alive, slot);
    for (const bit of this.bitsOf(slot)) {
      clearBit(this.values[bit]!, slot);
      this.valueCounts[bit]!--;
    }
    this.dead++;
    return true;
  }

  /** A live creative's new like count: its slot moves within the likes order. */
  setLikes(id: string, likes: number): boolean {
    const slot = this.ids.slotOf(id);
    if (slot < 0) return false;
    if (this.likes[slot] !== likes) {
      this.likes[slot] = likes;
      this.reposition('likes', slot);
    }
    return true;
  }

  /**
   * Starts a computation over the index: the bitsets `scratch` lent to the previous one are lent
   * again. A query's sets are taken and dropped within one synchronous call (galleryPicks…): with
   * ~10 bitsets of 120 kB a query at 1M creatives, fresh arrays would be ~1 MB of garbage outside
   * V8's heap per request, and the collections it triggers.
   */
  beginScratch(): void {
    this.scratchUsed = 0;
  }

  /** An empty bitset of the index's size, valid until the next `beginScratch`. */
  scratch(): Bits {
    let bits = this.scratchPool[this.scratchUsed];
    if (!bits || bits.length !== this.words) {
      // The first ones in the arena (a query takes a dozen or two), any further one in the heap.
      bits = this.scratchUsed < ARENA_SCRATCH ? this.arena.set(FACET_KEYS.length + this.scratchUsed) : new Uint32Array(this.words);
      this.scratchPool[this.scratchUsed] = bits;
    } else {
      bits.fill(0);
    }
    this.scratchUsed++;
    return bits;
  }

  /** |a ∧ b|, by the arena's popcnt kernel when both are its bitsets. */
  countAnd(a: Bits, b: Bits): number {
    return this.arena.countAnd(a, b);
  }

  /** A scratch copy of `bits`. */
  scratchCopy(bits: Bits): Bits {
    const copy = this.scratch();
    copy.set(bits);
    return copy;
  }

  /** The filter values of a slot (FACET_KEYS positions). */
  bitsOf(slot: number): number[] {
    const bits: number[] = [];
    for (let x = this.facetLo[slot]!; x !== 0; x &= x - 1) bits.push(31 - Math.clz32(x & -x));
    for (let x = this.facetHi[slot]!; x !== 0; x &= x - 1) bits.push(LO_BITS + 31 - Math.clz32(x & -x));
    return bits.filter((bit) => bit < FACET_KEYS.length);
  }

  isLive(slot: number): boolean {
    return hasBit(this.alive, slot);
  }

  /** The postings of every lexeme equal to `lexeme`, or starting with it when `prefix`. */
  lexemePostings(lexeme: string, prefix: boolean): (Postings | null)[][] {
    if (!prefix) {
      const exact = this.terms.get(lexeme);
      return exact ? [exact] : [];
    }
    const sorted = (this.sortedLexemes ??= [...this.terms.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < lexeme) lo = mid + 1;
      else hi = mid;
    }
    const found: (Postings | null)[][] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(lexeme); i++) found.push(this.terms.get(sorted[i]!)!);
    return found;
  }

  /** The postings of every word of the creatives' text that contains `term` (a scan of the distinct words). */
  textWordPostings(term: string): Postings[] {
    const found: Postings[] = [];
    for (const map of [this.nameWords, this.advertiserWords])
      for (const [word, postings] of map) if (word.includes(term)) found.push(postings);
    return found;
  }

  /**
   * The postings of every word of the names that one of the suggestions' words (`suggestionWords`:
   * « l'oreal » holds « l » and « oreal ») starts with `start`.
   */
  nameWordsStartingWith(start: string): Postings[] {
    const pieces = (this.namePieces ??= [...this.nameWords.keys()]
      .flatMap((word) => suggestionWords(word).map((piece) => ({ piece, word })))
      .sort((a, b) => (a.piece < b.piece ? -1 : a.piece > b.piece ? 1 : 0)));
    let lo = 0;
    let hi = pieces.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pieces[mid]!.piece < start) lo = mid + 1;
      else hi = mid;
    }
    const words = new Set<string>();
    for (let i = lo; i < pieces.length && pieces[i]!.piece.startsWith(start); i++) words.add(pieces[i]!.word);
    return [...words].map((word) => this.nameWords.get(word)!);
  }

  /** Slot `a` before slot `b` newest first (time, then id, descending): negative. */
  compareRecent(a: number, b: number): number {
    const ta = this.created[a]!;
    const tb = this.created[b]!;
    if (ta !== tb) return ta > tb ? -1 : 1;
    return -this.ids.compare(a, b);
  }

  compareLikes(a: number, b: number): number {
    const la = this.likes[a]!;
    const lb = this.likes[b]!;
    if (la !== lb) return la > lb ? -1 : 1;
    return this.compareRecent(a, b);
  }

  /**
   * Whether slot `slot` comes after a cursor's key in `order` (the SQL `(likes, time, id) < (…)`);
   * `likes` is ignored for the recent order.
   */
  isAfter(order: OrderName, slot: number, key: { likes: number; createdUs: number; id: string }): boolean {
    if (order === 'likes' && this.likes[slot] !== key.likes) return this.likes[slot]! < key.likes;
    const t = this.created[slot]!;
    if (t !== key.createdUs) return t < key.createdUs;
    return compareText(this.ids.idOf(slot), key.id) < 0;
  }

  /** The first position of `order` after a cursor's key (binary search: the order is sorted by the key). */
  positionAfter(order: OrderName, key: { likes: number; createdUs: number; id: string }): number {
    const slots = this.orders[order];
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.isAfter(order, slots[mid]!, key)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The whole state of the index, as catalogue-image.ts saves it (the live arrays, not copies: save at once). */
  get saved(): SavedIndex {
    return {
      capacity: this.capacity,
      size: this.size,
      dead: this.dead,
      ids: this.ids.saved,
      created: this.created,
      likes: this.likes,
      facetLo: this.facetLo,
      facetHi: this.facetHi,
      alive: this.alive,
      values: this.values,
      valueCounts: this.valueCounts,
      orders: this.orders,
      positions: this.positions,
      terms: [...this.terms].map(([lexeme, parts]) => [lexeme, parts.map((p) => p?.saved ?? null)]),
      nameWords: [...this.nameWords].map(([word, postings]) => [word, postings.saved]),
      advertiserWords: [...this.advertiserWords].map(([word, postings]) => [word, postings.saved]),
    };
  }

  /** An index read back from a saved one (its arrays are taken over, not copied). */
  static restored(saved: SavedIndex): CatalogueIndex {
    const index = new CatalogueIndex(16);
    const words = wordsFor(saved.capacity);
    index.capacity = saved.capacity;
    index.size = saved.size;
    index.dead = saved.dead;
    index.ids = SlotIds.restored(saved.ids);
    index.created = saved.created;
    index.likes = saved.likes;
    index.facetLo = saved.facetLo;
    index.facetHi = saved.facetHi;
    index.alive = saved.alive;
    index.arena = new BitsetArena(words, FACET_KEYS.length + ARENA_SCRATCH);
    index.values = FACET_KEYS.map((_, k) => {
      const bits = index.arena.set(k);
      bits.set(saved.values[k]!);
      return bits;
    });
    index.valueCounts.set(saved.valueCounts);
    Object.assign(index.orders, saved.orders);
    Object.assign(index.positions, saved.positions);
    for (const [lexeme, parts] of saved.terms)
      index.terms.set(
        lexeme,
        parts.map((p) => p && Postings.restored(p)),
      );
    for (const [word, postings] of saved.nameWords) index.nameWords.set(word, Postings.restored(postings));
    for (const [word, postings] of saved.advertiserWords) index.advertiserWords.set(word, Postings.restored(postings));
    return index;
  }

  /** Bytes held by the typed arrays and postings (what the benchmark reports beside the RSS). */
  get bytes(): number {
    let postings = 0;
    for (const parts of this.terms.values()) for (const p of parts) postings += p?.bytes ?? 0;
    for (const map of [this.nameWords, this.advertiserWords]) for (const p of map.values()) postings += p.bytes;
    const perSlot = this.capacity * (8 + 4 + 4 + 4 + 4 * 4);
    return perSlot + this.ids.bytes + this.words * 4 + this.arena.bytes + postings;
  }

  get lexemeCount(): number {
    return this.terms.size;
  }

  /** Appends `slot` to `order` and moves it to its place. */
  private place(order: OrderName, slot: number, last: number): void {
    this.orders[order][last] = slot;
    this.positions[order][slot] = last;
    this.reposition(order, slot);
  }

  /**
   * Moves `slot` to its place in `order` after its key changed: a binary search on the side it moves
   * to, then one shift of the slots between its old and new positions.
   */
  private reposition(order: OrderName, slot: number): void {
    const slots = this.orders[order];
    const positions = this.positions[order];
    const compare =
      order === 'recent' ? (a: number, b: number) => this.compareRecent(a, b) : (a: number, b: number) => this.compareLikes(a, b);
    const from = positions[slot]!;
    let to = from;
    if (from > 0 && compare(slot, slots[from - 1]!) < 0) {
      // Up: the first position in [0, from) whose slot comes after this one.
      let lo = 0;
      let hi = from;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(slots[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      to = lo;
      slots.copyWithin(to + 1, to, from);
    } else if (from + 1 < this.size && compare(slots[from + 1]!, slot) < 0) {
      // Down: the last position in (from, size) whose slot comes before this one.
      let lo = from + 1;
      let hi = this.size;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(slots[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      to = lo - 1;
      slots.copyWithin(from, from + 1, to + 1);
    }
    if (to === from) return;
    slots[to] = slot;
    for (let p = Math.min(from, to); p <= Math.max(from, to); p++) positions[slots[p]!] = p;
  }

  private grow(capacity: number): void {
    const words = wordsFor(capacity);
    this.capacity = capacity;
    this.ids.grow(capacity);
    this.created = grownTyped(this.created, capacity);
    this.likes = grownTyped(this.likes, capacity);
    this.facetLo = grownTyped(this.facetLo, capacity);
    this.facetHi = grownTyped(this.facetHi, capacity);
    this.alive = grown(this.alive, words);
    const arena = new BitsetArena(words, FACET_KEYS.length + ARENA_SCRATCH);
    this.values = this.values.map((bits, k) => {
      const next = arena.set(k);
      next.set(bits);
      return next;
    });
    this.arena = arena;
    this.scratchPool.length = 0;
    for (const parts of this.terms.values()) for (const p of parts) p?.grow(words);
    for (const map of [this.nameWords, this.advertiserWords]) for (const p of map.values()) p.grow(words);
    for (const name of ['recent', 'likes'] as const) {
      this.orders[name] = grownTyped(this.orders[name], capacity);
      this.positions[name] = grownTyped(this.positions[name], capacity);
    }
  }
}

/** Everything an index holds (see `saved` and `restored`). */
export interface SavedIndex {
  capacity: number;
  size: number;
  dead: number;
  ids: SavedIds;
  created: Float64Array;
  likes: Int32Array;
  facetLo: Int32Array;
  facetHi: Int32Array;
  alive: Bits;
  values: Bits[];
  valueCounts: Int32Array;
  orders: Record<OrderName, Uint32Array>;
  positions: Record<OrderName, Int32Array>;
  terms: [string, (SavedPostings | null)[]][];
  nameWords: [string, SavedPostings][];
  advertiserWords: [string, SavedPostings][];
}

function grownTyped<T extends Float64Array | Int32Array | Uint32Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

function isSorted(order: Uint32Array, compare: (a: number, b: number) => number): boolean {
  for (let i = 1; i < order.length; i++) if (compare(order[i - 1]!, order[i]!) > 0) return false;
  return true;
}

/** The likes order from the recent one: a stable counting sort by likes, most first (ties stay newest first). */
function likesOrderOf(recent: Uint32Array, likes: Int32Array): Uint32Array {
  let max = 0;
  for (const slot of recent) if (likes[slot]! > max) max = likes[slot]!;
  const starts = new Uint32Array(max + 2);
  for (const slot of recent) starts[max - likes[slot]! + 1]!++;
  for (let k = 1; k < starts.length; k++) starts[k]! += starts[k - 1]!;
  const out = new Uint32Array(recent.length);
  for (const slot of recent) out[starts[max - likes[slot]!]!++] = slot;
  return out;
}
