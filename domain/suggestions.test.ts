import { describe, expect, it } from 'vitest';
import { matchingTags, mixSuggestions, startsWords, suggestionWords } from './suggestions';
import type { Suggestion } from './types';

const adv = (label: string): Suggestion => ({ kind: 'advertiser', label });
const tag = (label: string): Suggestion => ({ kind: 'tag', label, category: 'type' });
const name = (label: string, id = label): Suggestion => ({ kind: 'creative', label, id });

describe('suggestions', () => {
  it('splits what was typed into accent-free lower-case words of letters and digits', () => {
    expect(suggestionWords("  L'Oréal  Maison/Déco 2025 ")).toEqual(['l', 'oreal', 'maison', 'deco', '2025']);
    expect(suggestionWords('Cœur')).toEqual(['coeur']);
    expect(suggestionWords("'!?")).toEqual([]);
  });

  it('matches the start of any word, every typed word required', () => {
    expect(startsWords('Maison Crozet', ['cro'])).toBe(true);
    expect(startsWords('Croquettes premium', ['prem', 'cro'])).toBe(true);
    expect(startsWords('Croquettes premium', ['roq'])).toBe(false);
    expect(startsWords('Croquettes premium', ['cro', 'bio'])).toBe(false);
    expect(startsWords('Crème Éclat', ['ecl'])).toBe(true);
  });

  it('finds vocabulary values with their group', () => {
    expect(matchingTags(['avis'])).toEqual([{ category: 'type', label: 'Avis clients' }]);
    expect(matchingTags(['deco'])).toEqual([{ category: 'sector', label: 'Maison/Déco' }]);
    expect(matchingTags([])).toEqual([]);
  });

  it('keeps 3 advertisers, 3 tags and names for the rest, each name once, 8 at most', () => {
    const found = mixSuggestions({
      advertisers: ['A1', 'A2', 'A3', 'A4'].map(adv),
      tags: ['T1', 'T2', 'T3', 'T4'].map(tag),
      creatives: [name('Vélo', '1'), name('velo', '2'), name('Trottinette'), name('Casque'), name('Gants')],
    });
    expect(found.map((s) => s.label)).toEqual(['A1', 'A2', 'A3', 'T1', 'T2', 'T3', 'Vélo', 'Trottinette']);
  });

  it('gives the room names leave to more advertisers, then more tags', () => {
    const found = mixSuggestions({
      advertisers: ['A1', 'A2', 'A3', 'A4', 'A5'].map(adv),
      tags: ['T1', 'T2', 'T3', 'T4', 'T5'].map(tag),
      creatives: [name('N')],
    });
    expect(found.map((s) => s.label)).toEqual(['A1', 'A2', 'A3', 'A4', 'T1', 'T2', 'T3', 'N']);
    const fewAdvertisers = mixSuggestions({
      advertisers: [adv('A1')],
      tags: ['T1', 'T2', 'T3', 'T4', 'T5'].map(tag),
      creatives: [name('N')],
    });
    expect(fewAdvertisers.map((s) => s.label)).toEqual(['A1', 'T1', 'T2', 'T3', 'T4', 'T5', 'N']);
  });
});
