import {
  hashKey,
  skipToken,
  useInfiniteQuery,
  type GetNextPageParamFunction,
  type InfiniteData,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Creative, Page } from '@domain/types';
import { paths } from '../config/paths';
import { loadedItems } from './pages';

/**
 * "The list a creative was opened from": a card link carries a `CreativeListRef` in its history
 * state; the detail page reads it to step through that list (← / →) and to go back to it (Esc).
 * The list's pages come from the TanStack Query cache, where the list page left them.
 */
export interface CreativeListRef {
  /** The list's infinite query. */
  queryKey: QueryKey;
  /** The list page's URL (pathname + search), for 'Retour à la liste'. */
  from: string;
  /** Whether the detail page may load the list's next page (the gallery's 'Charger plus' is for members). */
  canLoadMore: boolean;
}

/**
 * The fields of a list's infinite query options (`infiniteQueryOptions(...)`) the detail page needs
 * to read the list on. Method syntax: each list's options, typed with its own key, fit.
 */
export interface CreativeListQuery {
  queryKey: QueryKey;
  queryFn?(context: QueryFunctionContext<QueryKey, string | null>): Page<Creative> | Promise<Page<Creative>>;
  initialPageParam: string | null;
  getNextPageParam: GetNextPageParamFunction<string | null, Page<Creative>>;
}

/** The history state a card link passes. */
export interface CreativeLinkState {
  list: CreativeListRef;
}

/** The lists seen lately, by query hash (a handful: each search is a list of its own). */
const registry = new Map<string, CreativeListQuery>();
const REGISTRY_MAX = 20;

export function registerCreativeList(query: CreativeListQuery): void {
  const key = hashKey(query.queryKey);
  registry.delete(key);
  registry.set(key, query);
  if (registry.size > REGISTRY_MAX) registry.delete(registry.keys().next().value!);
}

export function registeredCreativeList(queryKey: QueryKey): CreativeListQuery | undefined {
  return registry.get(hashKey(queryKey));
}

/** For a page of cards: registers its query and returns the ref its card links carry. */
export function useCreativeListRef(query: CreativeListQuery, canLoadMore: boolean): CreativeListRef {
  const { pathname, search } = useLocation();
  useEffect(() => registerCreativeList(query), [query]);
  return { queryKey: query.queryKey, from: pathname + search, canLoadMore };
}

export function creativeLinkState(list: CreativeListRef | undefined): CreativeLinkState | undefined {
  return list ? { list } : undefined;
}

/** The ref in a location's state, if the page was opened from a list (never for a typed or shared URL). */
export function readListRef(state: unknown): CreativeListRef | null {
  if (typeof state !== 'object' || state === null || !('list' in state)) return null;
  const list: unknown = state.list;
  if (typeof list !== 'object' || list === null) return null;
  const { queryKey, from, canLoadMore } = list as Partial<CreativeListRef>;
  if (!Array.isArray(queryKey) || typeof from !== 'string' || !from.startsWith('/') || typeof canLoadMore !== 'boolean') return null;
  return { queryKey, from, canLoadMore };
}

/** The ids around `id` in `ids`; `found` is false when `id` is not among them. */
export function neighbours(ids: readonly string[], id: string): { prev: string | null; next: string | null; found: boolean } {
  const i = ids.indexOf(id);
  if (i < 0) return { prev: null, next: null, found: false };
  return { prev: ids[i - 1] ?? null, next: ids[i + 1] ?? null, found: true };
}

export interface CreativeListNavigation {
  /** The list page's URL. */
  from: string;
  prev: string | null;
  /** The next creative, or null at the end of what is loaded (see `hasMore`). */
  next: string | null;
  /** The list has a next page this viewer may load: → loads it. */
  hasMore: boolean;
  goPrev: () => void;
  goNext: () => void;
  /** Back to the list, at the place it was left (the history entry the card link came from). */
  backToList: () => void;
}

const NO_LIST: QueryKey = ['creative-list', 'none'];

/** On /creatives/:id: the list it was opened from and how to move along it; null when opened directly. */
export function useCreativeListNavigation(id: string): CreativeListNavigation | null {
  const location = useLocation();
  const navigate = useNavigate();
  const ref = readListRef(location.state);
  const source = ref ? registeredCreativeList(ref.queryKey) : undefined;
  // An observer that never fetches on its own: it reads the cached pages and loads the next on demand.
  const list = useInfiniteQuery<Page<Creative>, Error, InfiniteData<Page<Creative>, string | null>, QueryKey, string | null>({
    queryKey: ref?.queryKey ?? NO_LIST,
    queryFn: source?.queryFn ? (context) => source.queryFn!(context) : skipToken,
    initialPageParam: source?.initialPageParam ?? null,
    getNextPageParam: source?.getNextPageParam ?? (() => null),
    enabled: false,
  });
  if (!ref) return null;

  const ids = loadedItems(list.data).map((c) => c.id);
  const { prev, next, found } = neighbours(ids, id);
  const hasMore = found && next === null && ref.canLoadMore && !!source && list.hasNextPage;
  const state: CreativeLinkState = { list: ref };
  const go = (target: string) => navigate(paths.creative(target), { replace: true, state });

  return {
    from: ref.from,
    prev,
    next,
    hasMore,
    goPrev: () => {
      if (prev) void go(prev);
    },
    goNext: () => {
      if (next) void go(next);
      else if (hasMore && !list.isFetchingNextPage) {
        void list.fetchNextPage().then((result) => {
          const more = neighbours(
            loadedItems(result.data).map((c) => c.id),
            id,
          ).next;
          if (more) void go(more);
        });
      }
    },
    backToList: () => void navigate(-1),
  };
}
