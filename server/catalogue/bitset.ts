/**
 * Sets of catalogue slots as bitsets: bit `i` of word `i >>> 5`. Every set of one index has the
 * same number of words (the index's capacity), so the operations below run word by word.
 */
export type Bits = Uint32Array;

export const wordsFor = (slots: number): number => (slots + 31) >>> 5;

export function hasBit(bits: Bits, slot: number): boolean {
  return ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;
}

export function setBit(bits: Bits, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

export function clearBit(bits: Bits, slot: number): void {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
}

/** Bits set in one 32-bit word. */
export function popcount32(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function countBits(bits: Bits): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    const x = bits[w]!;
    if (x !== 0) n += popcount32(x);
  }
  return n;
}

/** `target &= other`, word by word. */
export function andInto(target: Bits, other: Bits): Bits {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
  return target;
}

/** `target |= other`. */
export function orInto(target: Bits, other: Bits): Bits {
  for (let w = 0; w < target.length; w++) target[w]! |= other[w]!;
  return target;
}

/** `target &= ~other`. */
export function andNotInto(target: Bits, other: Bits): Bits {
  for (let w = 0; w < target.length; w++) target[w]! &= ~other[w]!;
  return target;
}

/** The slots of `bits`, ascending. */
export function slotsOf(bits: Bits, max = Infinity): number[] {
  const slots: number[] = [];
  for (let w = 0; w < bits.length && slots.length < max; w++) {
    for (let x = bits[w]!; x !== 0; x &= x - 1) {
      slots.push((w << 5) + 31 - Math.clz32(x & -x));
      if (slots.length >= max) break;
    }
  }
  return slots;
}

/** A copy of `bits` with room for `words` words (the new words empty). */
export function grown(bits: Bits, words: number): Bits {
  const next = new Uint32Array(words);
  next.set(bits.subarray(0, Math.min(bits.length, words)));
  return next;
}
