import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { isStorableText } from '@domain/schemas/fields';

/**
 * Opaque keyset cursors: the sort key of the last row of a page (e.g. [likes, createdAt, id]),
 * base64url-encoded JSON. A tampered cursor is a 400, never a full scan, and never a key the
 * database would fail to compare (a NUL, a fractional count, a time out of its range: 500s).
 */
export type CursorKey = (string | number)[];

/** What each part of a key is: text (an id), a count (likes, an integer column) or a time. */
export type KeyPart = 'string' | 'count' | 'time';
type Decoded<P extends KeyPart> = P extends 'time' ? Date : P extends 'count' ? number : string;

/** Every row's time lies within years 1 to 9999, and so does PostgreSQL's range (JavaScript's reaches 271,821 BC). */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

const invalidCursor = () => new AppError('VALIDATION', { message: MSG.invalidCursor });

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** One part of a decoded key, or undefined when it is not of its kind. */
function decodePart(value: unknown, part: KeyPart): string | number | Date | undefined {
  if (part === 'count') return Number.isSafeInteger(value) ? (value as number) : undefined;
  if (typeof value !== 'string' || !isStorableText(value)) return undefined;
  if (part === 'string') return value;
  const at = new Date(value);
  return at.getTime() >= EARLIEST && at.getTime() <= LATEST ? at : undefined;
}

/** The key of a cursor, part by part as `shape` says; null without a cursor; a 400 when it is not one of ours. */
export function decodeCursor<const S extends readonly KeyPart[]>(
  cursor: string | undefined | null,
  shape: S,
): { -readonly [I in keyof S]: Decoded<S[I]> } | null {
  if (!cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(key) || key.length !== shape.length) throw invalidCursor();
  const parts = shape.map((part, i) => decodePart(key[i], part));
  if (parts.includes(undefined)) throw invalidCursor();
  return parts as { -readonly [I in keyof S]: Decoded<S[I]> };
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

/** A `[ISO time, id]` cursor. */
export function decodeTimeCursor(cursor: string | undefined | null): TimeCursor | null {
  const key = decodeCursor(cursor, ['time', 'string']);
  return key && { at: key[0], id: key[1] };
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
