import { matchesFilters, type GalleryFilters } from '@domain/gallery-filters';
import { PAGE_SIZE } from '@domain/limits';
import type { Creative, Page } from '@domain/types';
import { matchesSearch } from '@domain/search';
import type { FirebaseContext } from '../context';
import { partIsWholeRequest, partLabel } from '../gallery-plan';
import { mediaTextOf } from '../mappers';
import { matchesMediaText } from '../media-text-search';
import { choosePart, partConstraint } from './gallery-part';
import {
  creativesOf,
  galleryCursor,
  MAX_SCANNED_PER_PAGE,
  readGalleryCursor,
  SCAN_BATCH,
  scanApproved,
  type ScanOrder,
} from './gallery-scan';

export interface GalleryRequest {
  order: ScanOrder;
  uid: string | null;
  filters: GalleryFilters;
  term: string;
  cursor?: string | null;
}

/**
 * True when a creative is one the request shows (the browser's check of what an index part read): the
 * term in its name or advertiser, or from a word's start in its media's text (media-text-search.ts).
 */
export const matchesRequest = (c: Creative, filters: GalleryFilters, term: string, mediaText = ''): boolean =>
  matchesFilters(c, filters) && (matchesSearch(c, term) || matchesMediaText(mediaText, term));

/**
 * The gallery page, newest or most liked first: served by the index of the request's most
 * selective part (gallery-part.ts), the rest checked in the browser. The part chosen on the first
 * page travels in the cursor. Every page stays within MAX_SCANNED_PER_PAGE billed reads, the
 * counts included.
 */
export async function galleryPage(ctx: FirebaseContext, request: GalleryRequest): Promise<Page<Creative>> {
  const { order, filters, term } = request;
  const resumed = readGalleryCursor(request.cursor, order);
  const choice = await choosePart(ctx, { order, filters, term, resumed: resumed?.label ?? null });
  if ('empty' in choice) return { items: [], nextCursor: null };
  const { part, counted } = choice;
  const label = part ? partLabel(part) : '';
  const exact = partIsWholeRequest(part, filters, term);
  const page = await scanApproved(
    ctx,
    {
      order,
      uid: request.uid,
      extra: part ? [partConstraint(part)] : [],
      // Nothing left to check: a page and one more document prove the next page exists.
      batchSize: exact ? PAGE_SIZE + 1 : SCAN_BATCH,
      maxBatchSize: exact ? PAGE_SIZE + 1 : MAX_SCANNED_PER_PAGE,
      maxScanned: MAX_SCANNED_PER_PAGE - counted,
    },
    resumed?.label === label ? resumed.position : null,
    (c, data) => matchesRequest(c, filters, term, mediaTextOf(data)),
  );
  return creativesOf(page.items, galleryCursor(label, page.next));
}
