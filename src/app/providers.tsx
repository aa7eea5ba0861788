import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { GatewayProvider } from '../gateway/context';
import type { Gateway } from '../gateway/types';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ gateway, client, children }: { gateway: Gateway; client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <GatewayProvider gateway={gateway}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </GatewayProvider>
  );
}
