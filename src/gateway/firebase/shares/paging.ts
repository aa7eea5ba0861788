import type { FolderCreative, Page } from '@domain/types';
import { collectPage, decodeCursor, encodeCursor, type ScanBatch, type ScanPosition } from '../paging';

/**
 * A page of a link's creatives, newest first (the copy keeps the folder's order: oldest first).
 * The cursor holds the last creative read and its index: when the copy changed since (the owner
 * wrote the folder), the creative's new place, else its old index, says where to go on.
 */
export async function sharedPage(
  ids: readonly string[],
  cursor: string | null | undefined,
  pageSize: number,
  read: (id: string) => Promise<FolderCreative | null>,
): Promise<Page<FolderCreative>> {
  const resume = (after: ScanPosition | null): number => {
    if (!after) return ids.length - 1;
    const [id, index] = after as [string, number];
    const at = ids.lastIndexOf(id);
    return (at >= 0 ? at : Math.min(index, ids.length)) - 1;
  };
  const batch = async (after: ScanPosition | null, size: number): Promise<ScanBatch<FolderCreative | null>> => {
    const from = resume(after);
    const slice: { id: string; index: number }[] = [];
    for (let i = from; i >= 0 && slice.length < size; i--) slice.push({ id: ids[i]!, index: i });
    const items = await Promise.all(slice.map(async ({ id, index }) => ({ value: await read(id), position: [id, index] as ScanPosition })));
    return { items, exhausted: from - slice.length < 0 };
  };
  const page = await collectPage(batch, (c) => c !== null, decodeCursor(cursor, ['string', 'number']), {
    pageSize,
    batchSize: pageSize + 1,
    maxScanned: Number.POSITIVE_INFINITY,
  });
  return { items: page.items.filter((c): c is FolderCreative => c !== null), nextCursor: encodeCursor(page.next) };
}
