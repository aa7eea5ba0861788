import { describe, expect, it } from 'vitest';
import { MEDIA_TEXT_MAX } from './limits';
import { clampText, mergeReadText } from './media-text';

describe('mergeReadText', () => {
  it('keeps each distinct line once, in reading order, across frames', () => {
    const text = mergeReadText(['Livraison  offerte\n-50 % sur la crème\n', "LIVRAISON OFFERTE\nJ'en profite", 'Livraison offérte']);
    expect(text).toBe("Livraison offerte\n-50 % sur la crème\nJ'en profite");
  });
  it('drops the noise of textures and empty lines', () => {
    expect(mergeReadText(['|\n ee \n\n~ ,\nOK go'])).toBe('OK go');
    expect(mergeReadText([''])).toBe('');
  });
  it('keeps prices and figures', () => {
    expect(mergeReadText(['9,99 €\n-30%'])).toBe('9,99 €\n-30%');
  });
});

describe('clampText', () => {
  it('cuts at a line end under the limit', () => {
    const long = `${'a'.repeat(MEDIA_TEXT_MAX - 10)}\n${'b'.repeat(50)}`;
    expect(clampText(long)).toBe('a'.repeat(MEDIA_TEXT_MAX - 10));
  });
});
