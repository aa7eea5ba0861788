import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type GalleryFilters } from '@domain/gallery-filters';
import { TYPES } from '@domain/vocabulary';
import { indexedParts, partIsWholeRequest, partLabel, pickPart } from './gallery-plan';
import { FLAG_FACETS } from './index-keys';

const filters = (overrides: Partial<GalleryFilters>): GalleryFilters => ({ ...EMPTY_FILTERS, ...overrides });

describe('indexedParts', () => {
  it('lists the search word, then each group with its values, then the flags', () => {
    const parts = indexedParts(
      filters({ categories: { platform: ['Meta'], format: ['GIF', 'Vidéo', 'GIF'] }, testedAndApproved: true }),
      'Crème brûlée',
    );
    expect(parts).toEqual([
      { kind: 'search', key: 'brulee' },
      { kind: 'group', group: 'format', keys: ['format:GIF', 'format:Vidéo'] },
      { kind: 'group', group: 'platform', keys: ['platform:Meta'] },
      { kind: 'flag', key: FLAG_FACETS.testedAndApproved },
    ]);
    expect(parts.map(partLabel)).toEqual(['search:brulee', 'group:format', 'group:platform', 'flag:testedAndApproved']);
  });

  it('leaves to the browser what no index can serve: one-letter words, empty groups, too many values', () => {
    const tooMany = Array.from({ length: 31 }, (_, i) => `v${i}`);
    expect(indexedParts(filters({ categories: { type: [], sector: tooMany } }), 'a b')).toEqual([]);
  });
});

describe('partIsWholeRequest', () => {
  const whole = (f: GalleryFilters, term: string) => partIsWholeRequest(indexedParts(f, term)[0] ?? null, f, term);

  it('is true when one part is the whole request and its index answers it exactly', () => {
    expect(whole(EMPTY_FILTERS, '')).toBe(true);
    expect(whole(filters({ categories: { type: [...TYPES] } }), '')).toBe(true);
    expect(whole(filters({ isJuntoAngel: true }), '')).toBe(true);
    expect(whole(EMPTY_FILTERS, ' Crème ')).toBe(true);
  });

  it('is false when the browser still has something to refuse', () => {
    expect(whole(filters({ categories: { format: ['GIF'] } }), 'a')).toBe(false);
    expect(whole(EMPTY_FILTERS, 'a')).toBe(false);
    expect(whole(EMPTY_FILTERS, 'crème bio')).toBe(false);
    // Longer than a stored piece: the key is cut, so it finds a superset.
    expect(whole(EMPTY_FILTERS, 'hydratantes')).toBe(false);
    expect(whole(filters({ categories: { format: ['GIF'] }, isJuntoAngel: true }), '')).toBe(false);
  });
});

describe('pickPart', () => {
  it('takes the smallest count, the first on a tie, nothing without parts', () => {
    const parts = indexedParts(filters({ categories: { format: ['GIF'], platform: ['Meta'] }, isJuntoAngel: true }), 'bio');
    expect(pickPart(parts, [1000, 40, 1000, 12])).toBe(parts[3]);
    expect(pickPart(parts, [1000, 1000, 1000, 1000])).toBe(parts[0]);
    expect(pickPart([], [])).toBeNull();
  });
});
