import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const commentsKey = (creativeId: string) => ['comments', creativeId] as const;

export function commentsQueryOptions(gateway: Gateway, creativeId: string) {
  return queryOptions({ queryKey: commentsKey(creativeId), queryFn: () => gateway.comments.list(creativeId) });
}

export function useComments(creativeId: string) {
  return useQuery(commentsQueryOptions(useGateway(), creativeId));
}
