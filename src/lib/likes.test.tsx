import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { GatewayProvider } from '@/gateway/context';
import { GatewayError } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { CREATIVES_KEY } from './creative-cache';
import { useToggleLike } from './likes';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const creative = { id: 'c1', likes: 3, likedByMe: false } as Creative;

/** Likes `creative` through a gateway whose like() fails with `error`; the cached copy after it settles. */
async function likeFailing(error: Error) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData([CREATIVES_KEY, 'detail', creative.id], creative);
  const gateway = fakeGateway({ creatives: { like: () => Promise.reject(error) } });
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <GatewayProvider gateway={gateway}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </GatewayProvider>
  );
  const { result } = renderHook(() => useToggleLike(), { wrapper });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  act(() => result.current.mutate({ creative, like: true }));
  await waitFor(() => expect(result.current.isError).toBe(true));
  return queryClient.getQueryData<Creative>([CREATIVES_KEY, 'detail', creative.id]);
}

describe('useToggleLike', () => {
  it("undoes a like refused for liking too often and toasts the server's message", async () => {
    const message = MSG.tooManyWrites(20);
    expect(await likeFailing(new GatewayError('RATE_LIMITED', message, 429))).toEqual(creative);
    expect(toast.error).toHaveBeenCalledWith(message);
  });

  it('undoes a like that failed otherwise and only logs it (spec §8)', async () => {
    vi.mocked(toast.error).mockClear();
    expect(await likeFailing(new GatewayError('INTERNAL', MSG.internal, 500))).toEqual(creative);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
