import { describe, expect, it } from 'vitest';
import { SIMILAR_LIMIT, startsWords, SUGGESTION_LIMIT } from '@domain/suggestions';
import { splitCategory } from '@domain/vocabulary';
import { SUGGEST_READS } from '@/gateway/firebase/discovery';
import { readsSince } from '@/gateway/firebase/reads';
import { generateGalleryCreatives, type SeededCreative } from '../../bench/firebase/gallery-seed';
import { probe, reportSkip } from './emulators';
import { catalogueOnEmulators } from './harness';

/**
 * Suggestions and similar creatives on the Firestore emulator (src/gateway/firebase/discovery.ts):
 * what they show follows the domain rules (word starts, approved only, one facet), and each call
 * bills a bounded number of reads, whatever the size of the catalogue.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/discovery.emulator.test.ts (suggestions, similar)', missing);

const catalogue: SeededCreative[] = generateGalleryCreatives({ approved: 300, pending: 30, seed: 1717 });
const byId = new Map(catalogue.map((c) => [c.id, c]));

describe.skipIf(missing.length > 0)('suggestions and similar creatives on the emulator', () => {
  const { visitor } = catalogueOnEmulators({ auth, firestore }, catalogue);

  it.each(['c', 'cr', 'cro', 'croque', 'ser', 'zzz', 'bio cr'])(
    `suggests approved names and advertisers by word start, within ${SUGGEST_READS + 1} reads: %s`,
    async (q) => {
      const before = { ...visitor().reads };
      const found = await visitor().creatives.suggest(q);
      expect(readsSince(before, visitor().reads)).toBeLessThanOrEqual(SUGGEST_READS + 1);
      expect(found.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
      if (q === 'cro' || q === 'ser') expect(found.some((s) => s.kind === 'creative')).toBe(true);
      const words = q.split(' ');
      for (const s of found) {
        expect(startsWords(s.label, words), s.label).toBe(true);
        if (s.kind === 'creative') expect(byId.get(s.id!)?.data.status).toBe('approved');
      }
    },
  );

  it('shows up to 6 approved creatives of the same first sector, newest first, not itself, in one query', async () => {
    const me = catalogue.find((c) => c.data.status === 'approved')!;
    const sector = splitCategory(me.data.sector)[0]!;
    const before = { ...visitor().reads };
    const similar = await visitor().creatives.similar(me.id);
    // The creative itself, then one query of SIMILAR_LIMIT + 1.
    expect(readsSince(before, visitor().reads)).toBeLessThanOrEqual(SIMILAR_LIMIT + 2);
    const expected = catalogue
      .filter((c) => c.id !== me.id && c.data.status === 'approved' && splitCategory(c.data.sector).includes(sector))
      .sort((a, b) => b.data.createdAt.getTime() - a.data.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, SIMILAR_LIMIT)
      .map((c) => c.id);
    expect(similar.map((c) => c.id)).toEqual(expected);
  });
});
