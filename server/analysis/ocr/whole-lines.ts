import { normalizeSearch } from '@domain/search';

/**
 * The lines of one picture read in several passes (picture-passes.ts), without those that repeat part
 * of another: a pass that lost letters to the background reads 'Annulation gra' where the next one
 * reads 'Annulation gratuite sous 48 heures'; only the whole line is kept. Lines are compared on
 * their letters and digits, any case or accent; the first of two equal lines stays.
 */
export function wholeLines(lines: readonly string[]): string[] {
  const keys = lines.map((line) => normalizeSearch(line).replace(/[^\p{L}\p{N}]+/gu, ''));
  return lines.filter((_, i) => {
    const key = keys[i]!;
    if (key === '') return false;
    return !keys.some((other, j) => j !== i && other.includes(key) && (other !== key || j < i));
  });
}
