import { collection, query, where, type QueryConstraint } from 'firebase/firestore';
import type { GalleryFilters } from '@domain/gallery-filters';
import { guard, type FirebaseContext } from '../context';
import { indexedParts, partLabel, pickPart, type IndexedPart } from '../gallery-plan';
import { cappedCount, readsSince } from '../reads';
import { approvedInOrder, type ScanOrder } from './gallery-scan';

/**
 * A candidate index's count stops at this many: one billed read (Firestore bills a count one read
 * per 1,000 index entries). When every candidate reaches it, they are counted again with a cap that
 * keeps that second round within PART_RECOUNT_READS; past both caps the first candidate in
 * indexedParts' order is taken.
 */
export const PART_COUNT_LIMIT = 1000;
export const PART_RECOUNT_READS = 40;

/** The query constraint that reads the creatives matching one index part (gallery-plan.ts). */
export function partConstraint(part: IndexedPart): QueryConstraint {
  if (part.kind === 'search') return where('searchKeys', 'array-contains', part.key);
  if (part.kind === 'group') return where('facets', 'array-contains-any', part.keys);
  return where('facets', 'array-contains', part.key);
}

/** The index part a page reads, and the reads its choice billed (counts, on a first page only). */
export type PartChoice = { part: IndexedPart | null; counted: number } | { empty: true };

/**
 * The index part serving a gallery request: the one named by the cursor's label (a next page
 * neither counts again nor changes index), the only one, or — when several could serve it — the
 * smallest by count (PART_COUNT_LIMIT, PART_RECOUNT_READS). `empty` when a part matches nothing:
 * neither does the request.
 */
export async function choosePart(
  ctx: FirebaseContext,
  request: { order: ScanOrder; filters: GalleryFilters; term: string; resumed: string | null },
): Promise<PartChoice> {
  const parts = indexedParts(request.filters, request.term);
  const resumed = parts.find((p) => partLabel(p) === request.resumed);
  if (resumed) return { part: resumed, counted: 0 };
  if (parts.length <= 1) return { part: parts[0] ?? null, counted: 0 };
  const before = { ...ctx.reads };
  const count = (candidates: IndexedPart[], cap: number) =>
    guard(ctx, () =>
      Promise.all(
        candidates.map((p) =>
          cappedCount(ctx.reads, query(collection(ctx.db, 'creatives'), ...approvedInOrder(request.order, [partConstraint(p)])), cap),
        ),
      ),
    );
  let counts = await count(parts, PART_COUNT_LIMIT);
  if (counts.includes(0)) return { empty: true };
  // Every part reached the cap: count them further, within PART_RECOUNT_READS, to tell them apart.
  if (Math.min(...counts) === PART_COUNT_LIMIT) {
    const cap = Math.max(PART_COUNT_LIMIT, Math.floor(PART_RECOUNT_READS / parts.length) * 1000);
    if (cap > PART_COUNT_LIMIT) counts = await count(parts, cap);
  }
  return { part: pickPart(parts, counts), counted: readsSince(before, ctx.reads) };
}
