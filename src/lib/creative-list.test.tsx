import { act, renderHook, waitFor } from '@testing-library/react';
import { infiniteQueryOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Creative, Page } from '@domain/types';
import { aCreative } from '@/testing/creative';
import {
  neighbours,
  readListRef,
  registerCreativeList,
  registeredCreativeList,
  useCreativeListNavigation,
  type CreativeListRef,
} from './creative-list';

const page = (ids: string[], nextCursor: string | null): Page<Creative> => ({
  items: ids.map((id) => aCreative({ id, name: `Créa ${id}` })),
  nextCursor,
});

describe('neighbours', () => {
  it('gives the ids around one, null at the ends, not found outside the list', () => {
    expect(neighbours(['a', 'b', 'c'], 'b')).toEqual({ prev: 'a', next: 'c', found: true });
    expect(neighbours(['a', 'b', 'c'], 'a')).toEqual({ prev: null, next: 'b', found: true });
    expect(neighbours(['a', 'b', 'c'], 'c')).toEqual({ prev: 'b', next: null, found: true });
    expect(neighbours(['a'], 'z')).toEqual({ prev: null, next: null, found: false });
  });
});

describe('readListRef', () => {
  const ref: CreativeListRef = { queryKey: ['creatives', 'gallery', { sort: 'recent' }], from: '/?q=soleil', canLoadMore: true };

  it('reads the ref a card link passed', () => {
    expect(readListRef({ list: ref })).toEqual(ref);
  });

  it('finds none in a direct visit or a malformed state', () => {
    expect(readListRef(null)).toBeNull();
    expect(readListRef(undefined)).toBeNull();
    expect(readListRef({ list: { ...ref, queryKey: 'gallery' } })).toBeNull();
    expect(readListRef({ list: { ...ref, from: 'https://elsewhere.example/' } })).toBeNull();
    expect(readListRef({ list: { ...ref, canLoadMore: 'yes' } })).toBeNull();
  });
});

describe('the registry of lists', () => {
  it('finds a list by its query key, whatever the order of the key objects', () => {
    const query = { queryKey: ['creatives', 'favorites', { a: 1, b: 2 }], initialPageParam: null, getNextPageParam: () => null };
    registerCreativeList(query);
    expect(registeredCreativeList(['creatives', 'favorites', { b: 2, a: 1 }])).toBe(query);
  });
});

describe('useCreativeListNavigation', () => {
  const queryKey = ['creatives', 'test-list'];

  /** /creatives/:id opened from a list of two loaded pages (a b | c) whose next page is (d). */
  function setup(id: string, { canLoadMore = true, withState = true } = {}) {
    const queryClient = new QueryClient();
    const fetchPage = vi.fn((cursor: string | null) => Promise.resolve(cursor === 'p3' ? page(['d'], null) : page([], null)));
    const options = infiniteQueryOptions({
      queryKey,
      queryFn: ({ pageParam }) => fetchPage(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    });
    registerCreativeList(options);
    queryClient.setQueryData(queryKey, { pages: [page(['a', 'b'], 'p2'), page(['c'], 'p3')], pageParams: [null, 'p2'] });
    const list: CreativeListRef = { queryKey, from: '/?q=x', canLoadMore };
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/', { pathname: `/creatives/${id}`, state: withState ? { list } : null }]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const hook = renderHook(
      () => {
        const location = useLocation();
        const current = location.pathname.split('/').pop()!;
        return { nav: useCreativeListNavigation(current), location };
      },
      { wrapper },
    );
    return { ...hook, fetchPage };
  }

  it('has no list when the page was opened directly', () => {
    const { result } = setup('b', { withState: false });
    expect(result.current.nav).toBeNull();
  });

  it('steps to the previous and next creative of the list, keeping the list in the state', () => {
    const { result } = setup('b');
    expect(result.current.nav).toMatchObject({ prev: 'a', next: 'c', from: '/?q=x', hasMore: false });
    act(() => result.current.nav!.goNext());
    expect(result.current.location.pathname).toBe('/creatives/c');
    expect(result.current.nav).toMatchObject({ prev: 'b', next: null, hasMore: true });
    act(() => result.current.nav!.goPrev());
    act(() => result.current.nav!.goPrev());
    expect(result.current.location.pathname).toBe('/creatives/a');
    expect(result.current.nav!.prev).toBeNull();
  });

  it("loads the list's next page at the end of what is loaded, then steps into it", async () => {
    const { result, fetchPage } = setup('c');
    act(() => result.current.nav!.goNext());
    await waitFor(() => expect(result.current.location.pathname).toBe('/creatives/d'));
    expect(fetchPage).toHaveBeenCalledWith('p3');
    expect(result.current.nav).toMatchObject({ prev: 'c', next: null, hasMore: false });
  });

  it('stops at the end when the viewer may not load more (a visitor on the gallery)', () => {
    const { result, fetchPage } = setup('c', { canLoadMore: false });
    expect(result.current.nav).toMatchObject({ next: null, hasMore: false });
    act(() => result.current.nav!.goNext());
    expect(result.current.location.pathname).toBe('/creatives/c');
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('goes back to the history entry the card link came from', () => {
    const { result } = setup('b');
    act(() => result.current.nav!.backToList());
    expect(result.current.location.pathname).toBe('/');
  });
});
