import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearch } from './search';

describe('search', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(normalizeSearch('  Énergie   VERTE ')).toBe('energie verte');
    expect(matchesSearch({ name: 'Offre Été', advertiser: 'Crème & Co' }, 'ete')).toBe(true);
    expect(matchesSearch({ name: 'Offre Été', advertiser: 'Crème & Co' }, 'CREME')).toBe(true);
    expect(matchesSearch({ name: 'Offre Été', advertiser: 'Crème & Co' }, 'hiver')).toBe(false);
  });

  it('matches everything with an empty term', () => {
    expect(matchesSearch({ name: 'x', advertiser: 'y' }, '   ')).toBe(true);
  });

  it('always finds a creative by any part of its own name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 35 }), fc.nat(), fc.nat(), (name, a, b) => {
        const start = a % name.length;
        const part = name.slice(start, start + 1 + (b % (name.length - start)));
        if (normalizeSearch(part) === '' || part !== part.trim()) return;
        expect(matchesSearch({ name, advertiser: '' }, part)).toBe(true);
      }),
    );
  });
});
