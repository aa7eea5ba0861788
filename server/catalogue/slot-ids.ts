const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMPTY = -1;
const REMOVED = -2;

/**
 * The creative id of each slot, and the slot of an id. A lower-case UUID (every id the app makes) is
 * kept as four 32-bit words, 16 bytes instead of a ~60-byte string; any other id as a string. Ids
 * compare as PostgreSQL compares them (byte order, which for these UUIDs is the order of the words).
 * The slot of an id comes from an open-addressing table of live slots.
 */
export class SlotIds {
  private words: Uint32Array;
  private readonly odd = new Map<number, string>();
  private table: Int32Array;
  private used = 0;

  constructor(capacity: number) {
    this.words = new Uint32Array(capacity * 4);
    this.table = new Int32Array(tableSize(capacity)).fill(EMPTY);
  }

  grow(capacity: number): void {
    const words = new Uint32Array(capacity * 4);
    words.set(this.words);
    this.words = words;
    if (tableSize(capacity) > this.table.length) this.rehash(tableSize(capacity));
  }

  /** Records `id` as `slot`'s and finds it by id from now on. */
  put(slot: number, id: string): void {
    if (UUID.test(id)) {
      const base = slot * 4;
      this.words[base] = parseInt(id.slice(0, 8), 16);
      this.words[base + 1] = parseInt(id.slice(9, 13) + id.slice(14, 18), 16);
      this.words[base + 2] = parseInt(id.slice(19, 23) + id.slice(24, 28), 16);
      this.words[base + 3] = parseInt(id.slice(28, 36), 16);
    } else {
      this.odd.set(slot, id);
    }
    if ((this.used + 1) * 2 > this.table.length) this.rehash(this.table.length * 2);
    this.insert(slot, id);
  }

  idOf(slot: number): string {
    const odd = this.odd.get(slot);
    if (odd !== undefined) return odd;
    const base = slot * 4;
    const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
    const a = hex(this.words[base]!, 8);
    const b = hex(this.words[base + 1]!, 8);
    const c = hex(this.words[base + 2]!, 8);
    const d = hex(this.words[base + 3]!, 8);
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }

  /** The live slot of `id`, or -1. */
  slotOf(id: string): number {
    const mask = this.table.length - 1;
    for (let i = hashOf(id) & mask; ; i = (i + 1) & mask) {
      const slot = this.table[i]!;
      if (slot === EMPTY) return -1;
      if (slot >= 0 && this.idOf(slot) === id) return slot;
    }
  }

  /** Forgets `id`'s slot (the slot keeps its id for the orders' comparisons). */
  remove(id: string): void {
    const mask = this.table.length - 1;
    for (let i = hashOf(id) & mask; ; i = (i + 1) & mask) {
      const slot = this.table[i]!;
      if (slot === EMPTY) return;
      if (slot >= 0 && this.idOf(slot) === id) {
        this.table[i] = REMOVED;
        return;
      }
    }
  }

  /** -1, 0 or 1 as PostgreSQL orders the ids of two slots. */
  compare(a: number, b: number): number {
    if (this.odd.size === 0 || (!this.odd.has(a) && !this.odd.has(b))) {
      for (let k = 0; k < 4; k++) {
        const x = this.words[a * 4 + k]!;
        const y = this.words[b * 4 + k]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    }
    return compareText(this.idOf(a), this.idOf(b));
  }

  get bytes(): number {
    return this.words.byteLength + this.table.byteLength;
  }

  /** What a saved index keeps of the ids (catalogue-image.ts). */
  get saved(): SavedIds {
    return { words: this.words, table: this.table, used: this.used, odd: [...this.odd] };
  }

  /** The ids read back from a saved index. */
  static restored(saved: SavedIds): SlotIds {
    const ids = new SlotIds(0);
    ids.words = saved.words;
    ids.table = saved.table;
    ids.used = saved.used;
    for (const [slot, id] of saved.odd) ids.odd.set(slot, id);
    return ids;
  }

  private insert(slot: number, id: string): void {
    const mask = this.table.length - 1;
    let i = hashOf(id) & mask;
    while (this.table[i]! >= 0) i = (i + 1) & mask;
    if (this.table[i] === EMPTY) this.used++;
    this.table[i] = slot;
  }

  private rehash(size: number): void {
    const old = this.table;
    this.table = new Int32Array(size).fill(EMPTY);
    this.used = 0;
    for (const slot of old) if (slot >= 0) this.insert(slot, this.idOf(slot));
  }
}

export interface SavedIds {
  words: Uint32Array;
  table: Int32Array;
  used: number;
  odd: [number, string][];
}

const tableSize = (capacity: number) => 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)));

/** FNV-1a over the UTF-16 code units. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Byte order of two texts (PostgreSQL's C collation); code-unit order agrees for the ids the app makes. */
export function compareText(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
}
