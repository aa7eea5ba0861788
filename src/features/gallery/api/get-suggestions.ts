import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** Whether the list of `before` may stand for `now` while it loads: the same word being typed on or erased. */
export function continues(before: unknown, now: string): boolean {
  return typeof before === 'string' && before !== '' && now !== '' && (now.startsWith(before) || before.startsWith(now));
}

/**
 * Suggestions for the (debounced) term. The previous list stays while the next one loads, so nothing
 * flashes — but only while the same word is being typed on: a list for another word (the one picked a
 * moment ago) would offer what was not asked for.
 */
export function useSuggestions(q: string, enabled: boolean) {
  return useQuery({
    ...suggestionsQueryOptions(useGateway(), q),
    enabled: enabled && q !== '',
    placeholderData: (previous, previousQuery) => (continues(previousQuery?.queryKey[1], q) ? previous : undefined),
  });
}
