import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@domain/types';

/** What an infinite query of keyset pages holds: the pages loaded so far (and the cursor each was asked with). */
export type PagedData<T> = InfiniteData<Page<T>>;

/** Every item loaded so far, in the list's order. */
export function loadedItems<T>(data: PagedData<T> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}

/** The same pages (and cursors) with `fn` applied to each page's items: optimistic patches and removals. */
export function mapLoaded<T>(data: PagedData<T> | undefined, fn: (items: T[]) => T[]): PagedData<T> | undefined {
  return data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: fn(p.items) })) } : data;
}

/** `item` first in the first page (a newest-first list's new item); the cursors stay valid. */
export function prependLoaded<T>(data: PagedData<T> | undefined, item: T): PagedData<T> | undefined {
  if (!data || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
}
