import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Creative, Highlights, Page } from '@domain/types';

/** Every query that holds creatives lives under this prefix, so one walk can patch them all. */
export const CREATIVES_KEY = 'creatives';

type Holder = Creative | Creative[] | Page<Creative> | InfiniteData<Page<Creative>> | Highlights | null | undefined;

function patchList(list: Creative[], id: string, patch: (c: Creative) => Creative | null): Creative[] {
  return list.flatMap((c) => {
    if (c.id !== id) return [c];
    const next = patch(c);
    return next ? [next] : [];
  });
}

/** Applies `patch` to the creative wherever it is cached; `null` from patch removes it from lists. */
function patchHolder(data: Holder, id: string, patch: (c: Creative) => Creative | null): Holder {
  if (!data) return data;
  if (Array.isArray(data)) return patchList(data, id, patch);
  if ('pages' in data) {
    return { ...data, pages: data.pages.map((p) => ({ ...p, items: patchList(p.items, id, patch) })) };
  }
  if ('items' in data) return { ...data, items: patchList(data.items, id, patch) };
  if ('creativeOfMonth' in data) {
    const one = (c: Creative | null) => (c && c.id === id ? patch(c) : c);
    return { creativeOfMonth: one(data.creativeOfMonth), featured: one(data.featured) };
  }
  return data.id === id ? (patch(data) ?? data) : data;
}

export function patchCreativeEverywhere(
  queryClient: QueryClient,
  id: string,
  patch: (c: Creative) => Creative | null,
  filter: (key: QueryKey) => boolean = () => true,
): void {
  for (const [key] of queryClient.getQueriesData<Holder>({ queryKey: [CREATIVES_KEY] })) {
    if (!filter(key)) continue;
    queryClient.setQueryData<Holder>(key, (data) => patchHolder(data, id, patch));
  }
}

/** A copy of every creatives query, to roll an optimistic change back. */
export function snapshotCreatives(queryClient: QueryClient) {
  const saved = queryClient.getQueriesData<Holder>({ queryKey: [CREATIVES_KEY] });
  return () => saved.forEach(([key, data]) => queryClient.setQueryData(key, data));
}
