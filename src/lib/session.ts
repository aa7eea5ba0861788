import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@domain/types';
import { can, type Action } from '@domain/permissions';
import { useGateway } from '../gateway/context';
import type { Gateway } from '../gateway/types';

/** The signed-in user, shared by every feature. Mutations that change it write this key. */
export const sessionQueryKey = ['session'] as const;

export function sessionQueryOptions(gateway: Gateway) {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => gateway.auth.getSession(),
    staleTime: 5 * 60_000,
  });
}

export interface SessionState {
  user: User | null;
  /** True until the first answer: show a loading state, not the visitor UI. */
  isLoading: boolean;
  can: (action: Action) => boolean;
}

export function useSession(): SessionState {
  const gateway = useGateway();
  const query = useQuery(sessionQueryOptions(gateway));
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, can: (action) => can(user?.role, action) };
}
