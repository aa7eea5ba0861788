import { describe, expect, it } from 'vitest';
import { RELEVANCE_TIERS, relevanceTier, SEARCH_PART_WEIGHTS, SEARCH_PARTS, searchTermWords, substringTier } from './relevance';

describe('relevance tiers', () => {
  it('widens the searched parts one at a time: name, then advertiser, then tag values, then analysis', () => {
    expect(RELEVANCE_TIERS).toEqual([
      ['name'],
      ['name', 'advertiser'],
      ['name', 'advertiser', 'tags'],
      ['name', 'advertiser', 'tags', 'analysis'],
    ]);
    expect(SEARCH_PARTS.map((part) => SEARCH_PART_WEIGHTS[part]).join('')).toBe('ABCD');
  });

  it('ranks a document by the part where its least well placed word is found', () => {
    const texts = { name: 'Soldes d’été', advertiser: 'Maison Crème', tags: 'Vidéo Mode', analysis: 'accroche forte' };
    const tier = (term: string) => substringTier(searchTermWords(term), texts);
    expect(tier('soldes')).toBe(0);
    expect(tier('ETE soldes')).toBe(0);
    expect(tier('soldes creme')).toBe(1);
    expect(tier('maison')).toBe(1);
    expect(tier('video soldes')).toBe(2);
    expect(tier('accroche')).toBe(3);
    expect(tier('hiver')).toBe(4);
    expect(tier('   ')).toBe(0);
  });

  it('counts a part it was not given (a card without its analysis) as not holding the word', () => {
    expect(substringTier(['forte'], { name: 'Soldes', advertiser: 'Maison' })).toBe(RELEVANCE_TIERS.length);
  });

  it('takes the first part that holds a word, whatever the others hold', () => {
    const found = (word: string, part: string) => (word === 'a' ? part !== 'name' : part === 'name');
    expect(relevanceTier(['b'], found)).toBe(0);
    expect(relevanceTier(['a', 'b'], found)).toBe(1);
    expect(relevanceTier([], () => false)).toBe(0);
  });
});
