import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';
import { commentsQueryOptions } from '@/features/comments/api/get-comments';
import { lazySection } from '@/gateway/http/lazy-section';
import type { Gateway } from '@/gateway/types';
import { warmFirstView } from './first-view';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const firstComments = { items: [], nextCursor: null };

/** A gateway whose comments' code takes `downloadMs` to arrive, the rest answering at once (as from the page). */
function gatewayWithSlowComments(downloadMs: number): Gateway & { downloads: number } {
  const gateway = {
    downloads: 0,
    features: { folderShares: true },
    auth: { getSession: async () => null },
    creatives: { get: async (id: string) => ({ id }) },
    comments: lazySection(async () => {
      gateway.downloads += 1;
      await delay(downloadMs);
      return { list: async () => firstComments };
    }),
  };
  return gateway as unknown as Gateway & { downloads: number };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('warmFirstView', () => {
  it("waits for the code of a gateway section the page's first render calls, however long it takes", async () => {
    document.body.innerHTML = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">{}</script>`;
    const gateway = gatewayWithSlowComments(200);
    const client = new QueryClient();
    await warmFirstView(client, gateway, { pathname: '/creatives/c1', search: '' });
    expect(client.getQueryData(commentsQueryOptions(gateway, 'c1').queryKey)?.pages).toEqual([firstComments]);
    expect(gateway.downloads).toBe(1);
  });

  it('loads nothing ahead on a page the browser renders alone', async () => {
    const gateway = gatewayWithSlowComments(200);
    const client = new QueryClient();
    await warmFirstView(client, gateway, { pathname: '/creatives/c1', search: '' });
    expect(gateway.downloads).toBe(0);
    expect(client.getQueryData(commentsQueryOptions(gateway, 'c1').queryKey)).toBeUndefined();
  });
});
