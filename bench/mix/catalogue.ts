/**
 * What bench:mix draws its URLs from, read with SQL from the seeded database before the server
 * starts: the words of a sample of approved creatives' names and advertisers, the words of the
 * vocabulary's tag values, and ids of approved creatives. The sample is `tablesample system …
 * repeatable (seed)`, ordered by id, so the same seed reads the same rows.
 */
import { CATEGORY_LISTS } from '@domain/vocabulary';
import type { SqlSession } from '../scale/connection';
import type { Random } from './random';

export interface Catalogue {
  /** Distinct words (as written: case and accents) of names, advertisers and tag values, ≥ 3 letters. */
  words: string[];
  /** The words of each sampled creative's name and advertiser, in order (two-word searches that match). */
  phrases: string[][];
  /** Ids of approved creatives, in a seeded random order. */
  ids: string[];
  /** Rows of the sample (approved creatives). */
  sampled: number;
}

/** Letters of a word (code points: an accented letter is one). */
export const lettersOf = (word: string) => Array.from(word);

/** Splits a name, an advertiser or a tag value into words of at least `min` letters. */
export function wordsOf(text: string, min = 3): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((w) => lettersOf(w).length >= min && /\p{L}/u.test(w));
}

/** Sample sizes tried, in per cent of the table, until it holds enough approved creatives. */
const PERCENTS = [1, 5, 25, 100];

export async function readCatalogue(session: SqlSession, options: { seed: number; ids: number; random: Random }): Promise<Catalogue> {
  let rows: { id: string; name: string; advertiser: string }[] = [];
  for (const percent of PERCENTS) {
    rows = await session.rows<{ id: string; name: string; advertiser: string }>(
      `select id, name, advertiser from creatives tablesample system (${percent}) repeatable (${options.seed})
        where status = 'approved' order by id`,
    );
    if (rows.length >= options.ids) break;
  }
  if (rows.length === 0) throw new Error('No approved creative: run npm run bench:seed first');
  const words = new Set<string>();
  const phrases: string[][] = [];
  for (const row of rows) {
    const phrase = [...wordsOf(row.name), ...wordsOf(row.advertiser)];
    for (const w of phrase) words.add(w);
    if (phrase.length >= 2) phrases.push(phrase);
  }
  for (const values of Object.values(CATEGORY_LISTS)) for (const value of values) for (const w of wordsOf(value)) words.add(w);
  const ids = options.random.shuffle(rows.map((r) => r.id)).slice(0, options.ids);
  return { words: [...words].sort(), phrases, ids, sampled: rows.length };
}
