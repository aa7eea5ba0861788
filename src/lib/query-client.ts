import { QueryClient } from '@tanstack/react-query';
import { GatewayError } from '../gateway/types';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(error instanceof GatewayError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
