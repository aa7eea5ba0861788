import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';

/**
 * Opaque keyset cursors: the sort key of the last row of a page (e.g. [likes, createdAt, id]),
 * base64url-encoded JSON. A tampered cursor is a 400, never a full scan.
 */
export type CursorKey = (string | number)[];

const invalidCursor = () => new AppError('VALIDATION', { message: MSG.invalidCursor });

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
  throw invalidCursor();
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

/** Where a newest-first list (time DESC, id DESC) stopped: the last row's time and id. */
export interface TimeCursor {
  at: Date;
  id: string;
}

/** A `[ISO time, id]` cursor; a time that does not parse is a tampered cursor too (400). */
export function decodeTimeCursor(cursor: string | undefined | null): TimeCursor | null {
  const key = decodeCursor(cursor, ['string', 'string']);
  if (!key) return null;
  const at = new Date(key[0] as string);
  if (Number.isNaN(at.getTime())) throw invalidCursor();
  return { at, id: key[1] as string };
}

/** The cursor key of a row of a newest-first list. */
export const timeKey = (at: Date, id: string): CursorKey => [at.toISOString(), id];

/**
 * The rows after the cursor in `ORDER BY time DESC, id DESC` (one row comparison, which the
 * matching `(…, time DESC, id DESC)` index answers), or no condition on the first page.
 */
export function afterTimeCursor(time: SQLWrapper, id: SQLWrapper, cursor: TimeCursor | null): SQL | undefined {
  return cursor ? rowBefore(time, id, cursor.at, cursor.id) : undefined;
}

/**
 * afterTimeCursor in a prepared statement (server/db/prepared.ts): the same row comparison on the
 * placeholders `cursorAt` and `cursorId`, whose values `timeCursorValues` gives.
 */
export function afterTimeCursorPlaceholder(time: SQLWrapper, id: SQLWrapper): SQL {
  return rowBefore(time, id, sql.placeholder('cursorAt'), sql.placeholder('cursorId'));
}

/** `(time, id) < (at, lastId)`: the keyset condition of a newest-first list. */
function rowBefore(time: SQLWrapper, id: SQLWrapper, at: unknown, lastId: unknown): SQL {
  return sql`(${time}, ${id}) < (${at}, ${lastId})`;
}

export function timeCursorValues(cursor: TimeCursor | null): { cursorAt?: Date; cursorId?: string } {
  return cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {};
}
