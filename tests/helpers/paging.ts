import { expect } from 'vitest';
import { MSG } from '@domain/messages';
import type { Page } from '@domain/types';
import type { ApiError, TestApp } from './test-app';

/** Rows as a newest-first keyset list returns them: time DESC, then id DESC (the tiebreaker). */
export function newestFirst<T>(rows: T[], time: (row: T) => Date | string, id: (row: T) => string): T[] {
  const ms = (row: T) => new Date(time(row)).getTime();
  return [...rows].sort((a, b) => ms(b) - ms(a) || (id(a) < id(b) ? 1 : id(a) > id(b) ? -1 : 0));
}

/**
 * Follows `nextCursor` from the first page of `path` to the last one. Every page but the last is
 * full (`pageSize` items), the last has no cursor; returns the items in the order received.
 */
export async function followPages<T>(t: TestApp, path: string, pageSize: number, cookie?: string): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path;
    const res = await t.request<Page<T>>('GET', url, { cookie });
    expect(res.status, res.text).toBe(200);
    pages += 1;
    expect(pages, 'the cursors never reach an end').toBeLessThan(1000);
    cursor = res.body.nextCursor;
    if (cursor) expect(res.body.items).toHaveLength(pageSize);
    else expect(res.body.items.length).toBeLessThanOrEqual(pageSize);
    items.push(...res.body.items);
  } while (cursor);
  return { items, pages };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors that are not ours: garbage, the wrong shape, a time that does not parse. */
export const TAMPERED_CURSORS = ['abc', b64([1, 2]), b64(['pas une date', 'id']), b64(['2025-01-01T00:00:00.000Z'])];

/** Each tampered cursor is a 400 with the JSON error 'Curseur de pagination invalide'. */
export async function expectTamperedCursorsRefused(t: TestApp, path: string, cookie?: string): Promise<void> {
  for (const cursor of TAMPERED_CURSORS) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.request<ApiError>('GET', `${path}${sep}cursor=${encodeURIComponent(cursor)}`, { cookie });
    expect(res.status, `cursor ${cursor}`).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: MSG.invalidCursor });
  }
}
