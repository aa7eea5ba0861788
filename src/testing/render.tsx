import '@testing-library/jest-dom/vitest'; // the matchers' types (vitest.config.ts registers them at run time)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { GatewayProvider } from '../gateway/context';
import type { Gateway } from '../gateway/types';
import { fakeGateway } from './fake-gateway';

// The web project runs without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has no ResizeObserver; Radix measures some controls (radio groups) with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Renders `ui` as the app does (gateway, a fresh QueryClient, a router) without retries. */
export function renderWithProviders(
  ui: React.ReactElement,
  { gateway = fakeGateway(), route = '/' }: { gateway?: Gateway; route?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <GatewayProvider gateway={gateway}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </GatewayProvider>,
  );
  return { ...result, queryClient };
}
