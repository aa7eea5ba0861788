import { documentId, orderBy, where, type DocumentData, type QueryConstraint } from 'firebase/firestore';
import { PAGE_SIZE } from '@domain/limits';
import type { Creative, Page } from '@domain/types';
import { guard, type FirebaseContext } from '../context';
import { byLikesThenNewest, byTimestamp, newestFirstReader, type NewestFirstOrder } from '../keyset';
import { toCreative } from '../mappers';
import { collectPage, decodeCursor, encodeCursor, type ScanBatch, type ScanPosition } from '../paging';

/** Documents read per gallery query when the browser checks what is read (the first; then twice as many each time). */
export const SCAN_BATCH = 2 * PAGE_SIZE;
/**
 * Reads billed at most for one gallery page (documents, empty queries and the first page's counts):
 * past it the page ends early — short, even empty — with a cursor to go on.
 */
export const MAX_SCANNED_PER_PAGE = 200;

/** The orders Firestore reads the approved creatives in (a relevance page reads them newest first). */
export type ScanOrder = 'recent' | 'likes';

export type Candidate = { id: string; data: DocumentData; creative: Creative };

/** The keyset order of each (keyset.ts); firestore.indexes.json has an index for each. */
const keysetOrder = (order: ScanOrder): NewestFirstOrder => (order === 'likes' ? byLikesThenNewest : byTimestamp('createdAt'));

/** The approved creatives (with the extra constraints of an index part) in this order, from its first. */
export function approvedInOrder(order: ScanOrder, extra: QueryConstraint[]): QueryConstraint[] {
  return [
    where('status', '==', 'approved'),
    ...extra,
    ...keysetOrder(order).fields.map((f) => orderBy(f, 'desc')),
    orderBy(documentId(), 'desc'),
  ];
}

/**
 * A reader of approved creatives in gallery order — newest first, or most liked first (then
 * newest) — after a position, with the extra constraints of the index part serving the request.
 */
function approvedReader(ctx: FirebaseContext, order: ScanOrder, uid: string | null, extra: QueryConstraint[] = []) {
  const read = newestFirstReader(ctx, 'creatives', [where('status', '==', 'approved'), ...extra], keysetOrder(order));
  return async (after: ScanPosition | null, size: number): Promise<ScanBatch<Candidate>> => {
    const batch = await read(after, size);
    return {
      exhausted: batch.exhausted,
      items: batch.items.map(({ value: { id, data }, position }) => ({
        value: { id, data, creative: toCreative(id, data, { uid }) },
        position,
      })),
    };
  };
}

/** The types of a scan position in this order (the cursor's shape after its label). */
export const positionShape = (order: ScanOrder): ('string' | 'number')[] => [...keysetOrder(order).partTypes, 'string'];

export interface ScanOptions {
  order: ScanOrder;
  uid: string | null;
  extra?: QueryConstraint[];
  /** Creatives kept at most (default PAGE_SIZE). */
  pageSize?: number;
  /** The first query's size, the largest, and the documents read at most (defaults: SCAN_BATCH, fixed, MAX_SCANNED_PER_PAGE). */
  batchSize?: number;
  maxBatchSize?: number;
  maxScanned?: number;
}

/**
 * The approved creatives after `start` that `matches` keeps (given the creative and its document, for
 * what a card leaves out: the media's text), as collectPage (paging.ts) collects them: a page, where
 * the next one starts (null at the end), and the documents read.
 */
export function scanApproved(
  ctx: FirebaseContext,
  options: ScanOptions,
  start: ScanPosition | null,
  matches: (c: Creative, data: DocumentData) => boolean,
) {
  return guard(ctx, () =>
    collectPage(approvedReader(ctx, options.order, options.uid, options.extra), (c) => matches(c.creative, c.data), start, {
      pageSize: options.pageSize ?? PAGE_SIZE,
      batchSize: options.batchSize ?? SCAN_BATCH,
      maxBatchSize: options.maxBatchSize,
      maxScanned: options.maxScanned ?? MAX_SCANNED_PER_PAGE,
    }),
  );
}

/**
 * A gallery cursor: the name of the query that made it (the index part, and for a relevance page
 * its pass) then the scan position. A cursor made for another query is not one of ours: null,
 * and the list starts from the beginning.
 */
export function readGalleryCursor(cursor: string | null | undefined, order: ScanOrder): { label: string; position: ScanPosition } | null {
  const decoded = decodeCursor(cursor, ['string', ...positionShape(order)]);
  return decoded ? { label: String(decoded[0]), position: decoded.slice(1) } : null;
}

export const galleryCursor = (label: string, position: ScanPosition | null): string | null =>
  encodeCursor(position ? [label, ...position] : null);

/** A page of creatives from a scan's collected candidates. */
export const creativesOf = (items: Candidate[], next: string | null): Page<Creative> => ({
  items: items.map((c) => c.creative),
  nextCursor: next,
});
