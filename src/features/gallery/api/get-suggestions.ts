import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

/** Suggestions change only when creatives are approved or edited: a minute is fresh enough while typing. */
const SUGGESTIONS_STALE_MS = 60_000;

export function suggestionsQueryOptions(gateway: Gateway, q: string) {
  return queryOptions({
    queryKey: ['suggestions', q],
    queryFn: () => gateway.creatives.suggest(q),
    staleTime: SUGGESTIONS_STALE_MS,
  });
}

/** Suggestions for the (debounced) term; the previous list stays while the next one loads, so nothing flashes. */
export function useSuggestions(q: string, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(useGateway(), q), enabled: enabled && q !== '', placeholderData: keepPreviousData });
}
