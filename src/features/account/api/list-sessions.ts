import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export function sessionsQueryOptions(gateway: Gateway) {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: () => gateway.auth.sessions() });
}

/** The signed-in devices of the account page (features.deviceSessions). */
export function useSessions() {
  const gateway = useGateway();
  return useQuery(sessionsQueryOptions(gateway));
}
