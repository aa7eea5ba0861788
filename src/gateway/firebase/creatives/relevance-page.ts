import { PAGE_SIZE } from '@domain/limits';
import { RELEVANCE_TIERS, searchTermWords, substringTier } from '@domain/relevance';
import type { Creative, Page } from '@domain/types';
import { CATEGORY_KEYS, splitCategory } from '@domain/vocabulary';
import type { FirebaseContext } from '../context';
import { partLabel } from '../gallery-plan';
import { mediaTextOf } from '../mappers';
import { decodeCursor, type ScanPosition } from '../paging';
import { matchesRequest, type GalleryRequest } from './gallery-page';
import { choosePart, partConstraint } from './gallery-part';
import { galleryCursor, MAX_SCANNED_PER_PAGE, readGalleryCursor, scanApproved } from './gallery-scan';

/**
 * 'Pertinence' on Firebase (docs/decisions/027): the request's matches by relevance tier
 * (domain/relevance.ts), newest first within a tier. Firestore cannot sort by a computed tier, and
 * the search matches the name, the advertiser and the media's text (index-keys.ts,
 * media-text-search.ts), so every match is in the name tier or a later one: a list reads the index
 * part serving the request twice, newest first — the first pass keeps the matches with every word in
 * the name, the second the others (found in the advertiser, the tags or the text), newest first. Each
 * page is a gallery page's bill (MAX_SCANNED_PER_PAGE at most, the first page's counts included);
 * a whole list reads each candidate at most twice. The pass travels in the cursor.
 */

/** The pass a tier is listed in: its own up to the name-or-advertiser tier, which takes every later one. */
export const LAST_PASS = RELEVANCE_TIERS.findIndex((parts) => parts.includes('advertiser'));
const passOf = (tier: number) => Math.min(tier, LAST_PASS);

/** A creative's tier for the words of a search: its name, advertiser and tag values (a card has no analysis). */
export function creativeTier(creative: Creative, words: readonly string[]): number {
  const tags = CATEGORY_KEYS.flatMap((key) => splitCategory(creative[key])).join(' ');
  return substringTier(words, { name: creative.name, advertiser: creative.advertiser, tags });
}

/** A relevance cursor's label: the pass, then the index part's label. */
const passLabel = (pass: number, part: string) => `${pass}|${part}`;

/** Where a relevance list resumes: the pass, the part's label and the position in it (null: the pass's start). */
function resumeOf(cursor: string | null | undefined): { pass: number; part: string; position: ScanPosition | null } | null {
  const inPass = readGalleryCursor(cursor, 'recent');
  const label = inPass ? inPass.label : decodeCursor(cursor, ['string'])?.[0];
  const match = typeof label === 'string' ? /^(\d+)\|(.*)$/s.exec(label) : null;
  if (!match || Number(match[1]) > LAST_PASS) return null;
  return { pass: Number(match[1]), part: match[2]!, position: inPass?.position ?? null };
}

/** One page of a search in relevance order, within MAX_SCANNED_PER_PAGE billed reads. */
export async function relevancePage(ctx: FirebaseContext, request: Omit<GalleryRequest, 'order'>): Promise<Page<Creative>> {
  const { filters, term } = request;
  const words = searchTermWords(term);
  const resumed = resumeOf(request.cursor);
  const choice = await choosePart(ctx, { order: 'recent', filters, term, resumed: resumed?.part ?? null });
  if ('empty' in choice) return { items: [], nextCursor: null };
  const part = choice.part ? partLabel(choice.part) : '';
  const sameList = resumed?.part === part;
  let pass = sameList ? resumed.pass : 0;
  let start = sameList ? resumed.position : null;
  let budget = MAX_SCANNED_PER_PAGE - choice.counted;
  const items: Creative[] = [];
  for (;;) {
    const current = pass;
    const page = await scanApproved(
      ctx,
      {
        order: 'recent',
        uid: request.uid,
        extra: choice.part ? [partConstraint(choice.part)] : [],
        pageSize: PAGE_SIZE - items.length,
        maxScanned: budget,
      },
      start,
      (c, data) => matchesRequest(c, filters, term, mediaTextOf(data)) && passOf(creativeTier(c, words)) === current,
    );
    items.push(...page.items.map((c) => c.creative));
    budget -= page.scanned;
    if (page.next) return { items, nextCursor: galleryCursor(passLabel(pass, part), page.next) };
    if (pass === LAST_PASS) return { items, nextCursor: null };
    // This pass is read to its end: the next one starts from the first candidate again.
    pass += 1;
    start = null;
    if (items.length >= PAGE_SIZE || budget <= 0) return { items, nextCursor: galleryCursor(passLabel(pass, part), []) };
  }
}
