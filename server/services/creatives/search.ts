import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { normalizeSearch } from '@domain/search';
import { RELEVANCE_TIERS, SEARCH_PART_WEIGHTS, SEARCH_PARTS } from '@domain/relevance';
import type { Page } from '@domain/types';
import type { EngineQuery } from '@server/catalogue/catalogue-views';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/sql-rows';
import { creatives } from '@server/db/schema';
import { decodeCursor, timeKey, toPage, type TimeCursor } from '../pagination';

/**
 * How a list matches its search term `q` (gallery, favourites, folders), tried in this order until one
 * finds something (docs/decisions/011-french-search.md):
 *  1. `text`: French full text (migration 0007) — accent- and case-insensitive, stems (« voyages » finds
 *     « voyage »), each word also as a prefix (« croq » finds « croquettes »), every word required; over
 *     name, advertiser and tag values, plus the analysis for members (never for visitors);
 *  2. `substring`: the term inside the name or advertiser (the spec's original rule: « ummer » finds
 *     « Summer »), for what the words alone miss;
 *  3. `corrected`: each unknown word replaced by the closest word of the catalogue (trigram similarity:
 *     « croqettes » → « croquettes »), then full text again.
 * The mode a list's first page used travels in its cursor, so the next pages continue the same list.
 */
export type SearchMode = 'text' | 'substring' | 'corrected';
export const SEARCH_MODES: readonly SearchMode[] = ['text', 'substring', 'corrected'];

/** The search mode at the head of a searched list's cursor; a 400 when it is not one. */
export function toSearchMode(value: string): SearchMode {
  if ((SEARCH_MODES as readonly string[]).includes(value)) return value as SearchMode;
  throw new AppError('VALIDATION', { message: MSG.invalidCursor });
}

/** The cursor of a searched newest-first list (favourites, a folder): `[mode, time, id]`. */
export function decodeSearchedTimeCursor(cursor: string | undefined | null): (TimeCursor & { mode: SearchMode }) | null {
  const key = decodeCursor(cursor, ['string', 'time', 'string']);
  return key && { mode: toSearchMode(key[0]), at: key[1], id: key[2] };
}

/** One way of matching, ready for a list query: its condition and its relevance (higher first). */
export interface SearchMatch {
  mode: SearchMode;
  where: SQL;
  /**
   * Relevance as tiers, most relevant first, each a condition on the rows of the tiers after it:
   * every word in the name; in the name or advertiser; anywhere public; anywhere (members: the
   * analysis). One tier for the substring.
   */
  tiers: SQL[];
  /** The term the results are for when it is not the typed one (`corrected`). */
  searchedFor?: string;
  /** The words of a full-text match (typed or corrected), for the catalogue engine; none for a substring. */
  words?: readonly string[];
  /** The normalised term of a substring match, for the catalogue engine. */
  substring?: string;
}

/** The words of a term, as typed (accents kept: the `fr_search` configuration removes them). */
export function searchWords(q: string): string[] {
  return q.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A `to_tsquery` text: every word required, each also as a prefix once it has 3 characters, in the
 * document's parts `weights` (A name, B advertiser, C tags, D analysis; all when empty). The words hold
 * letters and digits only, so nothing the user types reaches the tsquery syntax.
 */
export function toTsquery(words: readonly string[], weights = ''): string {
  return words.map((w) => `${w}:${w.length >= 3 ? '*' : ''}${weights}`).join(' & ');
}

/**
 * What the catalogue engine reads of a match: each word's own `to_tsquery` text (read one by one), or
 * the normalised term of a substring search with its LIKE pattern (a term spanning words is checked
 * by that pattern on the few creatives holding each of its pieces).
 */
export function engineQuery(match: SearchMatch): EngineQuery | null {
  if (match.words) return { words: match.words.map((w) => toTsquery([w])) };
  const pattern = match.substring && substringPattern(match.substring);
  return match.substring && pattern ? { substring: match.substring, pattern } : null;
}

/**
 * The weights of each relevance tier (domain/relevance.ts), most relevant first: 'A', 'AB', 'ABC',
 * then '' (the whole document, analysis included).
 */
const TIER_WEIGHTS = RELEVANCE_TIERS.map((parts) =>
  parts.length === SEARCH_PARTS.length ? '' : parts.map((part) => SEARCH_PART_WEIGHTS[part]).join(''),
);

/** `%term%` for LIKE on the normalised search text, with LIKE's wildcards escaped. */
export function substringPattern(q: string): string | null {
  const term = normalizeSearch(q);
  return term ? `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
}

const documentOf = (withAnalysis: boolean) => (withAnalysis ? creatives.memberSearchVector : creatives.searchVector);

function textMatch(words: readonly string[], withAnalysis: boolean, mode: SearchMode, searchedFor?: string): SearchMatch {
  const document = documentOf(withAnalysis);
  const matches = (weights: string) => sql`${document} @@ to_tsquery('fr_search', ${toTsquery(words, weights)})`;
  // A visitor's document has no analysis: its third tier is already the whole of it.
  const weights = withAnalysis ? TIER_WEIGHTS : TIER_WEIGHTS.slice(0, 3);
  const tiers = weights.map((w, i) => (i === 0 ? matches(w) : sql`${matches(w)} and not (${matches(weights[i - 1]!)})`));
  return { mode, where: matches(''), tiers, searchedFor, words };
}

/**
 * The closest catalogue word for each word of `q` that the catalogue does not hold (≥ 3 letters,
 * similarity ≥ 0.3), or null when no word changes.
 */
export async function correctedWords(db: Db, words: readonly string[]): Promise<string[] | null> {
  const found = await rowsOf<{ i: number; fix: string | null }>(
    db,
    sql`select t.i, (select w.word from search_words w
                      where length(t.word) >= 3 and not exists (select 1 from search_words x where x.word = t.word)
                        and w.word % t.word
                      order by similarity(w.word, t.word) desc, w.word limit 1) as fix
          from unnest(${sql.param(words.map((w) => normalizeSearch(w)))}::text[]) with ordinality as t(word, i)`,
  );
  const fixes = new Map(found.map((r) => [Number(r.i) - 1, r.fix]));
  if (![...fixes.values()].some(Boolean)) return null;
  return words.map((w, i) => fixes.get(i) ?? w);
}

/** The match of one mode, or null when that mode cannot match this term at all. */
export async function searchMatch(db: Db, q: string, mode: SearchMode, withAnalysis: boolean): Promise<SearchMatch | null> {
  if (mode === 'substring') {
    const pattern = substringPattern(q);
    if (!pattern) return null;
    const where = sql`${creatives.searchText} like ${pattern}`;
    return { mode, where, tiers: [where], substring: normalizeSearch(q) };
  }
  const words = searchWords(q);
  if (words.length === 0) return null;
  if (mode === 'text') return textMatch(words, withAnalysis, mode);
  const fixed = await correctedWords(db, words);
  return fixed ? textMatch(fixed, withAnalysis, mode, fixed.join(' ')) : null;
}

/**
 * `run(match)` for each mode in turn (or only `mode` when given) until `found` says it found
 * something; the last answer when none did, null when no mode can match the term at all.
 */
export async function firstMatching<R>(
  db: Db,
  q: string,
  withAnalysis: boolean,
  mode: SearchMode | null,
  run: (match: SearchMatch) => Promise<R>,
  found: (result: R) => boolean,
): Promise<{ result: R; match: SearchMatch } | null> {
  let last: { result: R; match: SearchMatch } | null = null;
  for (const each of mode ? [mode] : SEARCH_MODES) {
    const match = await searchMatch(db, q, each, withAnalysis);
    if (!match) continue;
    last = { result: await run(match), match };
    if (found(last.result)) break;
  }
  return last;
}

/**
 * A searched list: `page(match)` for the cursor's mode, or, on a first page, for each mode in turn until
 * one finds something. Without a term, `page(null)`.
 */
export async function searchedList<T>(
  db: Db,
  q: string | undefined,
  withAnalysis: boolean,
  cursorMode: SearchMode | null,
  page: (match: SearchMatch | null) => Promise<Page<T>>,
): Promise<Page<T>> {
  const term = q?.trim() ?? '';
  if (!term) return page(null);
  const hit = await firstMatching(db, term, withAnalysis, cursorMode, page, (p) => p.items.length > 0);
  if (!hit) return { items: [], nextCursor: null };
  const { result, match } = hit;
  return match.searchedFor && result.items.length > 0 ? { ...result, searchedFor: match.searchedFor } : result;
}

/**
 * A searched newest-first list (favourites, a folder): `fetch` reads `limit + 1` rows matching `where`
 * after `after`; the cursor is `[mode, time, id]`.
 */
export function searchedTimeList<R, T>(
  db: Db,
  options: { q: string; cursor: string | undefined; withAnalysis: boolean; limit: number },
  fetch: (where: SQL, after: TimeCursor | null) => Promise<R[]>,
  keyOf: (row: R) => TimeCursor,
  map: (row: R) => T,
): Promise<Page<T>> {
  const cursor = decodeSearchedTimeCursor(options.cursor);
  return searchedList(db, options.q, options.withAnalysis, cursor?.mode ?? null, async (match) => {
    if (!match) throw new Error('searchedTimeList needs a search term');
    const rows = await fetch(match.where, cursor);
    return toPage(rows, options.limit, (r) => [match.mode, ...timeKey(keyOf(r).at, keyOf(r).id)], map);
  });
}
