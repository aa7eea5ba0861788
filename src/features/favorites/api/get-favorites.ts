import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function favoritesQueryOptions(gateway: Gateway, q: string) {
  return infiniteQueryOptions({
    queryKey: [CREATIVES_KEY, 'favorites', q],
    queryFn: ({ pageParam }) => gateway.creatives.favorites({ q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useFavorites(q: string) {
  return useInfiniteQuery(favoritesQueryOptions(useGateway(), q));
}
