import { grown, hasBit, orInto, setBit, type Bits } from './bitset';

/** What a saved index keeps of one lexeme's postings in one part. */
export type SavedPostings = { list: Uint32Array } | { dense: Bits };

/**
 * The slots carrying one lexeme in one part of the document: a list while few (4 bytes a slot), a
 * bitset once the list would be larger than one (the index's words × 4 bytes). Slots are only ever
 * added: a creative that changes gets a new slot and its old one dies (catalogue-index.ts).
 */
export class Postings {
  private list: Uint32Array | null = new Uint32Array(2);
  private size = 0;
  private dense: Bits | null = null;

  add(slot: number, words: number): void {
    if (this.dense) {
      setBit(this.dense, slot);
      return;
    }
    if (this.size === this.list!.length) {
      if (this.size * 2 > words) {
        this.toDense(words);
        setBit(this.dense!, slot);
        return;
      }
      const next = new Uint32Array(this.size * 2);
      next.set(this.list!);
      this.list = next;
    }
    this.list![this.size++] = slot;
  }

  /** `bits |= these slots`. */
  orInto(bits: Bits): void {
    if (this.dense) {
      orInto(bits, this.dense);
      return;
    }
    const list = this.list!;
    for (let i = 0; i < this.size; i++) setBit(bits, list[i]!);
  }

  /** Slots held as a list (a bitset's are not counted: null). */
  get listed(): number | null {
    return this.dense ? null : this.size;
  }

  /**
   * Appends to `out` each word of a bitset (`slot >>> 5`) holding one of these listed slots and not
   * yet marked in `marked`, and marks it: the only words where these slots are.
   */
  markWords(marked: Bits, out: number[]): void {
    const list = this.list!;
    for (let i = 0; i < this.size; i++) {
      const word = list[i]! >>> 5;
      if (!hasBit(marked, word)) {
        setBit(marked, word);
        out.push(word);
      }
    }
  }

  /** The slots as a bitset when they are held as one (read only), else null. */
  get bits(): Bits | null {
    return this.dense;
  }

  /** Called when the index grows to `words` words. */
  grow(words: number): void {
    if (this.dense) this.dense = grown(this.dense, words);
  }

  /** What a saved index keeps of these postings: the slots of a list, or the bitset (catalogue-image.ts). */
  get saved(): SavedPostings {
    return this.dense ? { dense: this.dense } : { list: this.list!.subarray(0, this.size) };
  }

  /** Postings read back from a saved index. */
  static restored(saved: SavedPostings): Postings {
    const postings = new Postings();
    if ('dense' in saved) {
      postings.dense = saved.dense;
      postings.list = null;
    } else {
      postings.list = new Uint32Array(Math.max(2, saved.list.length));
      postings.list.set(saved.list);
      postings.size = saved.list.length;
    }
    return postings;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.dense ? this.dense.byteLength : this.list!.byteLength;
  }

  private toDense(words: number): void {
    const bits = new Uint32Array(words);
    for (let i = 0; i < this.size; i++) setBit(bits, this.list![i]!);
    this.dense = bits;
    this.list = null;
  }
}
