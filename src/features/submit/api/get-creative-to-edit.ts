import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

/** Same key as the detail page, so opening the editor from it reuses the cached creative. */
export function creativeToEditQueryOptions(gateway: Gateway, id: string) {
  return queryOptions({ queryKey: [CREATIVES_KEY, 'detail', id], queryFn: () => gateway.creatives.get(id) });
}

export function useCreativeToEdit(id: string) {
  return useQuery(creativeToEditQueryOptions(useGateway(), id));
}
