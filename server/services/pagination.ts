import { AppError } from '@domain/errors';

/**
 * Opaque keyset cursors: the sort key of the last row of a page (e.g. [likes, createdAt, id]),
 * base64url-encoded JSON. A tampered cursor is a 400, never a full scan.
 */
export type CursorKey = (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined | null, shape: ('string' | 'number')[]): CursorKey | null {
  if (!cursor) return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === shape.length && key.every((v, i) => typeof v === shape[i])) {
      return key as CursorKey;
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError('VALIDATION', { message: 'Curseur de pagination invalide' });
}

/** Splits a page fetched with limit + 1 rows into the items and the next cursor. */
export function toPage<T, R>(rows: R[], limit: number, keyOf: (row: R) => CursorKey, map: (row: R) => T) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}
