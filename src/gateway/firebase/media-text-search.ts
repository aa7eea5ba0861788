import { normalizeSearch } from '@domain/search';
import { SEARCH_KEY_MAX, SEARCH_KEY_MIN, searchKeys } from './index-keys';

/**
 * The search of the text read in a creative's media, in Firebase mode (the gallery's search finds it
 * like the name: docs/firebase.md). The name and advertiser are short: every piece of every word is a
 * search key (index-keys.ts). A media text may hold MEDIA_TEXT_MAX characters: every piece would be
 * up to ~18,000 keys, past what a document should carry in three composite indexes. So the text is
 * searched from a word's start — 'offerte', 'offe', '50 %' find 'Livraison offerte -50 %'; 'fferte'
 * does not — and its keys are the pieces that start a word: at most MEDIA_TEXT_KEYS_MAX of them.
 */

/** Keys of a media text at most: with the name's 1,800, firestore.rules bounds `searchKeys` at 4,800. */
export const MEDIA_TEXT_KEYS_MAX = 3000;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Where a word starts in a normalised text: its beginning, or after a character that is no letter or digit. */
function wordStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < text.length; i += 1) if (text[i] !== ' ' && !isWordChar(text[i - 1])) starts.push(i);
  return starts;
}

/**
 * The search keys of a media text: from each word start, the SEARCH_KEY_MIN to SEARCH_KEY_MAX first characters up
 * to the next space ('-50' gives '-5', '-50' and '50'), in reading order, at most MEDIA_TEXT_KEYS_MAX
 * (a longer text's last words are then found only by a search the name or a filter serves).
 */
export function mediaTextKeys(text: string | null | undefined): string[] {
  const normalized = normalizeSearch(text ?? '');
  const keys = new Set<string>();
  for (const start of wordStarts(normalized)) {
    const end = normalized.indexOf(' ', start);
    const token = normalized.slice(start, end < 0 ? normalized.length : end);
    for (let length = SEARCH_KEY_MIN; length <= Math.min(SEARCH_KEY_MAX, token.length); length += 1) {
      keys.add(token.slice(0, length));
      if (keys.size >= MEDIA_TEXT_KEYS_MAX) return [...keys];
    }
  }
  return [...keys];
}

/**
 * True when the whole term occurs in the media text from a word's start (case and accents aside):
 * the browser's check of what an index read, the rule the keys above serve.
 */
export function matchesMediaText(text: string | null | undefined, term: string): boolean {
  const q = normalizeSearch(term);
  if (q === '') return true;
  const normalized = normalizeSearch(text ?? '');
  for (let at = normalized.indexOf(q); at >= 0; at = normalized.indexOf(q, at + 1)) {
    if (!isWordChar(normalized[at - 1])) return true;
  }
  return false;
}

/** A creative's `searchKeys`: every piece of its name's and advertiser's words, and its media text's word starts. */
export function creativeSearchKeys(creative: { name: string; advertiser: string }, mediaText: string | null | undefined): string[] {
  return [...new Set([...searchKeys(creative), ...mediaTextKeys(mediaText)])].sort();
}
