import {
  collection,
  documentId,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  type DocumentData,
  type QueryConstraint,
} from 'firebase/firestore';
import type { Page } from '@domain/types';
import { dataOf, guard, type FirebaseContext } from './context';
import { collectPage, decodeCursor, encodeCursor, type ScanBatch, type ScanPosition } from './paging';
import { readQuery } from './reads';

/**
 * Keyset pages of a Firestore query in `fields DESC…, documentId() DESC` order (newest first, or
 * most liked then newest, the document id breaking ties): `orderBy` + `startAfter(last values)` +
 * `limit`, never an offset. The cursor is the last document's sort values and id (paging.ts encodes it).
 */
export interface NewestFirstOrder {
  fields: string[];
  /** The document's sort values as plain cursor parts, their types, and back to the values Firestore compares. */
  toParts(data: DocumentData): (string | number)[];
  partTypes: ('string' | 'number')[];
  fromParts(parts: (string | number)[]): unknown[];
}

/** A Timestamp's exact position as plain numbers (cursors). */
export const timestampParts = (value: unknown): [number, number] => {
  const ts = value instanceof Timestamp ? value : Timestamp.fromMillis(0);
  return [ts.seconds, ts.nanoseconds];
};

/** A `Timestamp` field (creatives' and comments' `createdAt`), kept exact to the nanosecond. */
export const byTimestamp = (field: string): NewestFirstOrder => ({
  fields: [field],
  toParts: (data) => timestampParts(data[field]),
  partTypes: ['number', 'number'],
  fromParts: ([seconds, nanos]) => [new Timestamp(Number(seconds), Number(nanos))],
});

/** Most liked first, then newest (`likes`, then the `createdAt` Timestamp): the gallery's 'likes' sort. */
export const byLikesThenNewest: NewestFirstOrder = {
  fields: ['likes', 'createdAt'],
  toParts: (data) => [Number(data.likes ?? 0), ...timestampParts(data.createdAt)],
  partTypes: ['number', 'number', 'number'],
  fromParts: ([likes, seconds, nanos]) => [Number(likes), new Timestamp(Number(seconds), Number(nanos))],
};

/** An ISO string field (users' `createdAt`, spec §3): strings of one format sort as their dates do. */
export const byIsoString = (field: string): NewestFirstOrder => ({
  fields: [field],
  toParts: (data) => [typeof data[field] === 'string' ? (data[field] as string) : ''],
  partTypes: ['string'],
  fromParts: ([value]) => [String(value)],
});

export interface KeysetDoc {
  id: string;
  data: DocumentData;
}

/** Reads `collectionPath` where `constraints` hold, in the order, after a position (or from the start). */
export function newestFirstReader(
  ctx: FirebaseContext,
  collectionPath: string,
  constraints: QueryConstraint[],
  order: NewestFirstOrder,
): (after: ScanPosition | null, size: number) => Promise<ScanBatch<KeysetDoc>> {
  return async (after, size) => {
    const all = [...constraints, ...order.fields.map((field) => orderBy(field, 'desc')), orderBy(documentId(), 'desc')];
    if (after) all.push(startAfter(...order.fromParts(after.slice(0, -1)), after[after.length - 1]));
    all.push(limit(size));
    const snap = await readQuery(ctx.reads, query(collection(ctx.db, collectionPath), ...all));
    return {
      exhausted: snap.size < size,
      items: snap.docs.map((d) => {
        const data = dataOf(d);
        return { value: { id: d.id, data }, position: [...order.toParts(data), d.id] };
      }),
    };
  };
}

export interface KeysetPageOptions {
  pageSize: number;
  /**
   * Keeps only the documents that match a condition Firestore cannot express (a substring search):
   * the page is then filled from several reads, at most `maxScanned` documents per page, after
   * which it ends early — possibly short, even empty — with a cursor to go on.
   */
  matches?: (doc: KeysetDoc) => boolean;
  maxScanned?: number;
}

/** One page of documents in the order, after `cursor`. */
export async function newestFirstPage(
  ctx: FirebaseContext,
  collectionPath: string,
  constraints: QueryConstraint[],
  order: NewestFirstOrder,
  cursor: string | null | undefined,
  options: KeysetPageOptions,
): Promise<Page<KeysetDoc>> {
  const filtered = options.matches !== undefined;
  const page = await guard(ctx, () =>
    collectPage(
      newestFirstReader(ctx, collectionPath, constraints, order),
      options.matches ?? (() => true),
      decodeCursor(cursor, [...order.partTypes, 'string']),
      {
        pageSize: options.pageSize,
        // Unfiltered: one read of a page and one more document (to know whether a next page exists).
        batchSize: filtered ? Math.max(options.pageSize * 4, 48) : options.pageSize + 1,
        maxScanned: options.maxScanned ?? Number.POSITIVE_INFINITY,
      },
    ),
  );
  return { items: page.items, nextCursor: encodeCursor(page.next) };
}
