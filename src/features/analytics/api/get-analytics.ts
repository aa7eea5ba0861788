import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Period } from '@domain/analytics';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

export const analyticsKey = (period: Period) => ['analytics', period] as const;

export function analyticsQueryOptions(gateway: Gateway, period: Period) {
  return queryOptions({ queryKey: analyticsKey(period), queryFn: () => gateway.analytics.get({ period }) });
}

/** Figures of one period; the previous period's stay on screen while the next one loads. */
export function useAnalytics(period: Period) {
  return useQuery({ ...analyticsQueryOptions(useGateway(), period), placeholderData: keepPreviousData });
}
