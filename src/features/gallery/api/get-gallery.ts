import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway, GalleryQuery } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export function galleryQueryOptions(gateway: Gateway, query: GalleryQuery) {
  return infiniteQueryOptions({
    queryKey: [CREATIVES_KEY, 'gallery', query],
    queryFn: ({ pageParam }) => gateway.creatives.list({ ...query, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useGallery(query: GalleryQuery) {
  return useInfiniteQuery(galleryQueryOptions(useGateway(), query));
}
