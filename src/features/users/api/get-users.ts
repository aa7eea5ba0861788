import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const usersKey = ['users'] as const;

export function usersQueryOptions(gateway: Gateway) {
  return queryOptions({ queryKey: usersKey, queryFn: () => gateway.users.list() });
}

/** Every user (newest first); the page searches and filters them itself. */
export function useUsers() {
  return useQuery(usersQueryOptions(useGateway()));
}
