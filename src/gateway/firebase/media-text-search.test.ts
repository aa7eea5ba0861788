import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEDIA_TEXT_MAX } from '@domain/limits';
import { searchKeyOf, searchKeys } from './index-keys';
import { creativeSearchKeys, matchesMediaText, MEDIA_TEXT_KEYS_MAX, mediaTextKeys } from './media-text-search';

const AD = 'Livraison offerte\n-50 % sur la crème\nJ’en profite';

describe('mediaTextKeys', () => {
  it('stores the starts of the words read, accent- and case-free, punctuation kept', () => {
    const keys = mediaTextKeys(AD);
    for (const key of ['li', 'livraison', 'offe', 'offerte', '-5', '-50', '50', 'cr', 'creme', 'j’en', 'en', 'profite']) {
      expect(keys).toContain(key);
    }
    // A piece inside a word is not a key: the text is searched from a word's start.
    expect(keys).not.toContain('fferte');
    expect(keys).not.toContain('crème');
  });

  it('keeps at most MEDIA_TEXT_KEYS_MAX keys, even for the longest text', () => {
    // Words joined by hyphens, no space: every word starts a 10-character key of its own ('aa-ab-ac-a', 'ab-ac-ad-a'…).
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const pairs = [...letters].flatMap((a) => [...letters].map((b) => a + b));
    const text = pairs.join('-').slice(0, MEDIA_TEXT_MAX);
    expect(text).toHaveLength(MEDIA_TEXT_MAX);
    expect(mediaTextKeys(text)).toHaveLength(MEDIA_TEXT_KEYS_MAX);
    expect(mediaTextKeys('')).toEqual([]);
    expect(mediaTextKeys(undefined)).toEqual([]);
  });

  it('joins the name’s pieces in creativeSearchKeys, sorted, each once', () => {
    const keys = creativeSearchKeys({ name: 'Offre été', advertiser: 'Nivea' }, AD);
    expect(keys).toEqual([...new Set(keys)].sort());
    expect(keys).toEqual(expect.arrayContaining([...searchKeys({ name: 'Offre été', advertiser: 'Nivea' }), 'livraison']));
  });
});

describe('matchesMediaText', () => {
  it('finds the term from the start of a word, across lines', () => {
    expect(matchesMediaText(AD, 'LIVRAISON')).toBe(true);
    expect(matchesMediaText(AD, 'offerte -50')).toBe(true);
    expect(matchesMediaText(AD, 'creme')).toBe(true);
    expect(matchesMediaText(AD, '50 %')).toBe(true);
    expect(matchesMediaText(AD, 'fferte')).toBe(false);
    expect(matchesMediaText('', 'livraison')).toBe(false);
    expect(matchesMediaText('', '  ')).toBe(true);
  });

  it('never misses a creative it matches: the key asked for is stored', () => {
    const text = fc.string({ unit: fc.constantFrom(..."aàbcéeèlo rst’'-%5\n".split('')), maxLength: 120 });
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (mediaText, from, length) => {
        const start = from % (mediaText.length + 1);
        const term = mediaText.slice(start, start + (length % 25));
        const key = searchKeyOf(term);
        if (key !== null && matchesMediaText(mediaText, term)) expect(mediaTextKeys(mediaText)).toContain(key);
      }),
      { numRuns: 2000 },
    );
  });
});
