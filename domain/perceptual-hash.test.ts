import { describe, expect, it } from 'vitest';
import {
  BAND_WIDTHS,
  DUPLICATE_MAX_DISTANCE,
  FLAT_GREY_RANGE,
  hasStructure,
  bandShifts,
  dHash,
  hammingDistance,
  hashBands,
  isNearDuplicate,
  toSigned,
  toUnsigned,
} from './perceptual-hash';

/** A 9×8 grid from a function of (row, column). */
const grid = (f: (row: number, col: number) => number) => Array.from({ length: 72 }, (_, i) => f(Math.floor(i / 9), i % 9));

describe('dHash', () => {
  it('sets a bit where a pixel is brighter than its right neighbour, first pixel highest', () => {
    expect(dHash(grid((_, col) => 200 - col * 10))).toBe((1n << 64n) - 1n);
    expect(dHash(grid((_, col) => col * 10))).toBe(0n);
    const firstOnly = grid((row, col) => (row === 0 && col === 0 ? 255 : 0));
    expect(dHash(firstOnly)).toBe(1n << 63n);
  });

  it('ignores the overall brightness and contrast (only the order of neighbours counts)', () => {
    const base = grid((row, col) => ((row * 31 + col * 17) % 97) + 50);
    expect(dHash(base.map((v) => Math.min(255, v * 1.5 + 10)))).toBe(dHash(base));
  });

  it('refuses a grid of the wrong size', () => {
    expect(() => dHash(new Array(64).fill(0))).toThrow(RangeError);
  });
});

describe('flat pictures', () => {
  it('have no meaningful dHash: one colour with compression noise is flat, a gradient is not', () => {
    expect(hasStructure(grid(() => 120))).toBe(false);
    expect(hasStructure(grid((row, col) => 120 + ((row + col) % 3)))).toBe(false);
    expect(hasStructure(grid((_, col) => 100 + col * FLAT_GREY_RANGE))).toBe(true);
  });
});

describe('Hamming distance', () => {
  it('counts differing bits, the signed and unsigned forms alike', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    const h = (1n << 63n) | 5n;
    expect(toSigned(h)).toBeLessThan(0n);
    expect(hammingDistance(toSigned(h), h)).toBe(0);
    expect(toUnsigned(toSigned(h))).toBe(h);
  });

  it('near duplicate up to DUPLICATE_MAX_DISTANCE bits', () => {
    const h = 0x0123456789abcdefn;
    const flip = (n: number) => h ^ ((1n << BigInt(n)) - 1n);
    expect(isNearDuplicate(h, flip(DUPLICATE_MAX_DISTANCE))).toBe(true);
    expect(isNearDuplicate(h, flip(DUPLICATE_MAX_DISTANCE + 1))).toBe(false);
  });
});

describe('bands', () => {
  it('cover the 64 bits, one more band than the bits a near duplicate may differ in (pigeonhole)', () => {
    expect(BAND_WIDTHS.reduce((a, b) => a + b, 0)).toBe(64);
    expect(BAND_WIDTHS.length).toBe(DUPLICATE_MAX_DISTANCE + 1);
    expect(bandShifts().at(-1)).toBe(0);
  });

  it('split the hash high bits first, and put it back together', () => {
    const h = toSigned(0xfedcba9876543210n);
    const bands = hashBands(h);
    const shifts = bandShifts();
    expect(bands.reduce((acc, band, i) => acc | (BigInt(band) << BigInt(shifts[i]!)), 0n)).toBe(toUnsigned(h));
    bands.forEach((band, i) => expect(band).toBeLessThan(2 ** BAND_WIDTHS[i]!));
  });

  it('two hashes within the threshold always share a band, whatever bits differ', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let trial = 0; trial < 2000; trial++) {
      const h = (BigInt(random()) << 33n) ^ (BigInt(random()) << 2n) ^ BigInt(random() % 4);
      let other = h;
      for (let k = 0; k < DUPLICATE_MAX_DISTANCE; k++) other ^= 1n << BigInt(random() % 64);
      const [a, b] = [hashBands(h), hashBands(other)];
      expect(a.some((band, i) => band === b[i])).toBe(true);
    }
  });
});
