import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Role } from '@domain/roles';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const usersKey = ['users'] as const;
/** Every search of the user list (each one an infinite query). */
export const userListsKey = [...usersKey, 'list'] as const;

export interface UserSearch {
  q: string;
  role: Role[];
}

/** One search's pages, newest first: the backend searches and filters, the cursor continues the same search. */
export function usersQueryOptions(gateway: Gateway, search: UserSearch) {
  const query = { q: search.q.trim(), role: [...search.role].sort() };
  return infiniteQueryOptions({
    queryKey: [...userListsKey, query],
    queryFn: ({ pageParam }) => gateway.users.list({ ...query, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The users matching the search and role chips, a page at a time; the previous results stay while a new search loads. */
export function useUsers(search: UserSearch) {
  return useInfiniteQuery({ ...usersQueryOptions(useGateway(), search), placeholderData: keepPreviousData });
}
