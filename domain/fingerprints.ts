import { DUPLICATE_MAX_DISTANCE, hammingDistance, hashBands, toUnsigned } from './perceptual-hash';

/**
 * A file's fingerprint as Firebase mode stores and compares it (docs/decisions/025): the SHA-256 of its
 * bytes and the 64-bit dHash of its picture (perceptual-hash.ts, the server's hash) as hex, with the
 * keys of the dHash's bands that index it. The browser computes it from pixels (pixel-dhash.ts).
 */

/** What identifies a file in Firebase mode: its bytes' SHA-256 and its picture's dHash, both lower-case hex. */
export interface FileFingerprint {
  sha256: string;
  /** 16 hex digits (unsigned 64 bits); null: no picture could be read, or a flat one (exact duplicates only). */
  dhash: string | null;
}

/** A fingerprint with the keys it is found by: `band:value` for each band of its dHash (none without one). */
export interface IndexedFingerprint extends FileFingerprint {
  bands: string[];
}

const DHASH_HEX = /^[0-9a-f]{16}$/;

export const dHashToHex = (hash: bigint): string => toUnsigned(hash).toString(16).padStart(16, '0');
export function dHashFromHex(hex: string): bigint {
  if (!DHASH_HEX.test(hex)) throw new RangeError('a dHash is 16 lower-case hex digits');
  return BigInt(`0x${hex}`);
}

/** The index keys of a dHash: `band:value` for each of perceptual-hash.ts' bands (a stored hash is found by any of them). */
export const bandKeys = (hex: string): string[] => hashBands(dHashFromHex(hex)).map((value, band) => `${band}:${value}`);

export const indexedFingerprint = (fp: FileFingerprint): IndexedFingerprint => ({
  sha256: fp.sha256,
  dhash: fp.dhash,
  bands: fp.dhash ? bandKeys(fp.dhash) : [],
});

/** Bits in which two hex dHashes differ; Infinity when either is missing (or not a dHash). */
export const hexDistance = (a: string | null, b: string | null): number =>
  a && b && DHASH_HEX.test(a) && DHASH_HEX.test(b) ? hammingDistance(dHashFromHex(a), dHashFromHex(b)) : Number.POSITIVE_INFINITY;

/** Whether a stored fingerprint duplicates `probe`: the same bytes, or pictures within DUPLICATE_MAX_DISTANCE bits. */
export function fingerprintMatch(probe: FileFingerprint, stored: FileFingerprint): { exact: boolean; distance: number } | null {
  if (probe.sha256 === stored.sha256) return { exact: true, distance: 0 };
  const distance = hexDistance(probe.dhash, stored.dhash);
  return distance <= DUPLICATE_MAX_DISTANCE ? { exact: false, distance } : null;
}
