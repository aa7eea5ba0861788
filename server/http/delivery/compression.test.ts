import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, EncodedVariants, preferredEncoding, withVary } from './compression';

describe('preferredEncoding', () => {
  it('takes brotli first, then gzip, else nothing', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });

  it('honours q-values and *', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('BR; q=1.0, GZIP')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});

describe('compress', () => {
  const text = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Créa numéro ${i}` })) });

  it.each(['fast', 'stored', 'max'] as const)('round-trips brotli and gzip (%s)', (effort) => {
    const br = compress(text, 'br', effort);
    const gz = compress(text, 'gzip', effort);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(zlib.gunzipSync(gz).toString()).toBe(text);
    expect(br.byteLength).toBeLessThan(Buffer.byteLength(text) / 2);
  });

  it('makes each coding of a stored answer once', () => {
    const variants = new EncodedVariants(text, 'stored');
    expect(variants.get('br')).toBe(variants.get('br'));
    expect(zlib.gunzipSync(variants.get('gzip')).toString()).toBe(text);
  });
});

describe('withVary', () => {
  it('adds a token once', () => {
    expect(withVary(null, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(withVary('Cookie', 'Accept-Encoding')).toBe('Cookie, Accept-Encoding');
    expect(withVary('Cookie, accept-encoding', 'Accept-Encoding')).toBe('Cookie, accept-encoding');
    expect(withVary('*', 'Accept-Encoding')).toBe('*');
  });
});
