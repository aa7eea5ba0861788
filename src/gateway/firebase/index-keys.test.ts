import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesSearch } from '@domain/search';
import { FLAG_FACETS, facetKeys, SEARCH_KEY_MAX, searchKeyOf, searchKeys } from './index-keys';

const creative = {
  name: 'Été Sans Limite',
  advertiser: "L'Oréal",
  format: 'Vidéo, Carrousel',
  objective: 'Notoriété',
  type: 'UGC',
  sector: 'Beauté',
  platform: 'TikTok, Instagram',
  isJuntoAngel: true,
  testedAndApproved: false,
};

describe('facetKeys', () => {
  it('lists every category value as key:value and the flags that are set', () => {
    expect(facetKeys(creative).sort()).toEqual(
      [
        'format:Vidéo',
        'format:Carrousel',
        'objective:Notoriété',
        'type:UGC',
        'sector:Beauté',
        'platform:TikTok',
        'platform:Instagram',
        FLAG_FACETS.isJuntoAngel,
      ].sort(),
    );
  });
});

describe('facetKeys of the media classes', () => {
  it("adds the document's shape and length classes, and nothing for a missing or unknown one", () => {
    expect(facetKeys({ ...creative, shape: '9:16', lengthClass: 'le15' })).toEqual(expect.arrayContaining(['shape:9:16', 'length:le15']));
    const keys = facetKeys({ ...creative, shape: '3:2', lengthClass: null });
    expect(keys.filter((k) => k.startsWith('shape:') || k.startsWith('length:'))).toEqual([]);
  });
});

describe('searchKeys / searchKeyOf', () => {
  it('stores lower-case, accent-free pieces of the words of the name and advertiser', () => {
    const keys = searchKeys(creative);
    for (const piece of ['ete', 'sans', 'limite', 'imi', "l'oreal", 'oreal']) expect(keys).toContain(piece);
    expect(keys).not.toContain('é');
    expect(keys.every((k) => k.length >= 2 && k.length <= SEARCH_KEY_MAX)).toBe(true);
  });

  it('asks for the longest word of the term, cut to the longest stored piece', () => {
    expect(searchKeyOf('  Oréal  été ')).toBe('oreal');
    expect(searchKeyOf('Extraordinairement')).toBe('extraordinairement'.slice(0, SEARCH_KEY_MAX));
    expect(searchKeyOf('a')).toBeNull();
    expect(searchKeyOf('')).toBeNull();
  });

  it('never misses a creative the search matches (the key only narrows what is read)', () => {
    const text = fc.string({ unit: fc.constantFrom(..."aàbcéeèlo rst’'-ÉO".split('')), maxLength: 35 });
    fc.assert(
      fc.property(text, text, fc.nat(), fc.nat(), (name, advertiser, from, length) => {
        const whole = `${name} ${advertiser}`;
        const start = from % (whole.length + 1);
        const term = whole.slice(start, start + (length % 20));
        const key = searchKeyOf(term);
        if (key !== null && matchesSearch({ name, advertiser }, term)) {
          expect(searchKeys({ name, advertiser })).toContain(key);
        }
      }),
      { seed: 16, numRuns: 2000 },
    );
  });
});
