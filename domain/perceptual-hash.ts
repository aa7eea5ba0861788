/**
 * Near-duplicate detection (issue 18, docs/decisions/014-duplicate-detection.md): a 64-bit
 * difference hash (dHash) of a picture, the Hamming distance between two hashes, and the bands
 * that make "within DUPLICATE_MAX_DISTANCE bits" an indexed lookup (pigeonhole: two hashes that
 * differ in at most k − 1 bits agree on at least one of k bands).
 */

/** The greyscale grid a dHash reads: 9 columns, 8 rows, row after row (72 bytes). */
export const DHASH_COLUMNS = 9;
export const DHASH_ROWS = 8;

/** Two pictures whose hashes differ in at most this many of 64 bits are the same picture (tests/duplicates.test.ts). */
export const DUPLICATE_MAX_DISTANCE = 5;

/** Widths in bits of the bands, from the high bits down: DUPLICATE_MAX_DISTANCE + 1 bands cover 64 bits. */
export const BAND_WIDTHS = [11, 11, 11, 11, 10, 10] as const;

const MASK_64 = (1n << 64n) - 1n;

/**
 * A grid whose grey levels span less than this is flat (one colour, give or take compression noise): its
 * dHash is noise around 0 and would match every other flat picture, so it gets none (exact duplicates only).
 */
export const FLAT_GREY_RANGE = 8;

/** Whether a 9×8 grid has enough structure for its dHash to mean something. */
export function hasStructure(grey: ArrayLike<number>): boolean {
  let min = 255;
  let max = 0;
  for (let i = 0; i < grey.length; i++) {
    min = Math.min(min, grey[i]!);
    max = Math.max(max, grey[i]!);
  }
  return max - min >= FLAT_GREY_RANGE;
}

/**
 * The dHash of a 9×8 greyscale grid: bit (row × 8 + column) is set when a pixel is brighter than its
 * right neighbour. The first pixel of the grid gives the highest bit. Unsigned, 0 ≤ hash < 2^64.
 */
export function dHash(grey: ArrayLike<number>): bigint {
  if (grey.length !== DHASH_COLUMNS * DHASH_ROWS) throw new RangeError(`dHash reads ${DHASH_COLUMNS}×${DHASH_ROWS} pixels`);
  let hash = 0n;
  for (let row = 0; row < DHASH_ROWS; row++) {
    for (let col = 0; col < DHASH_COLUMNS - 1; col++) {
      const left = grey[row * DHASH_COLUMNS + col]!;
      const right = grey[row * DHASH_COLUMNS + col + 1]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash;
}

/** Number of bits in which two 64-bit hashes differ (signed or unsigned forms alike). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = (a ^ b) & MASK_64;
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** The hash as PostgreSQL's signed `bigint` stores it (and back: toUnsigned). */
export const toSigned = (hash: bigint): bigint => BigInt.asIntN(64, hash);
export const toUnsigned = (hash: bigint): bigint => BigInt.asUintN(64, hash);

/** The hash's bands, high bits first (BAND_WIDTHS): non-negative integers, each below 2^width. */
export function hashBands(hash: bigint): number[] {
  let shift = 64;
  return BAND_WIDTHS.map((width) => {
    shift -= width;
    return Number((toUnsigned(hash) >> BigInt(shift)) & ((1n << BigInt(width)) - 1n));
  });
}

/** Each band's right shift in bits (the SQL expression of band i is `(hash >> shift) & (2^width − 1)`). */
export function bandShifts(): number[] {
  let shift = 64;
  return BAND_WIDTHS.map((width) => (shift -= width));
}

/** Whether two hashes are near duplicates. */
export const isNearDuplicate = (a: bigint, b: bigint): boolean => hammingDistance(a, b) <= DUPLICATE_MAX_DISTANCE;

/** A SHA-256 as lower-case hex (what both the browser and the server compare). */
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;
