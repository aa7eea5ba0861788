import { useEffect } from 'react';

/** The parts of an infinite query (TanStack Query) this hook needs. */
interface PagedList {
  hasNextPage: boolean;
  isError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  data?: { pages: readonly unknown[] };
}

/**
 * A page may end early, even empty, with a cursor: the Firebase mode bounds the documents one page
 * reads (docs/decisions/005). While nothing is shown yet and more may match, read on rather than
 * say that nothing does — the user has not asked for 'Charger plus'. Returns true while it reads
 * on, for the list to show its loading state.
 */
export function useReadOnWhileEmpty(list: PagedList, shown: number): boolean {
  const readingOn = shown === 0 && list.hasNextPage && !list.isError;
  const { fetchNextPage, isFetchingNextPage } = list;
  // Each page read (not only the fetching flag, whose changes may be batched away) asks for the next.
  const pagesRead = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (readingOn && !isFetchingNextPage) void fetchNextPage();
  }, [readingOn, isFetchingNextPage, fetchNextPage, pagesRead]);
  return readingOn;
}
