import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';
import { paths } from '@/config/paths';
import { commentsQueryOptions } from '@/features/comments/api/get-comments';
import { creativeQueryOptions } from '@/features/creative/api/get-creative';
import { galleryQueryOptions } from '@/features/gallery/api/get-gallery';
import { highlightsQueryOptions } from '@/features/gallery/api/get-highlights';
import { readGalleryView, toGalleryQuery } from '@/features/gallery/url-state';
import type { Gateway } from '@/gateway/types';
import { sessionQueryOptions } from '@/lib/session';

/** Longest wait for the first render: answers the page carries take microseconds. */
const WAIT_MS = 50;

/**
 * Fills the query cache with the answers the server inlined in this page for its first render
 * (server/http/first-view.ts) before React renders it: the gateway takes them from the page, no
 * request leaves. Rendered first with its queries pending and a frame later with the data, the
 * page would paint skeletons and then shift (CLS). A query the page does not carry (an error
 * answer is never inlined) is not waited for beyond WAIT_MS: it goes on in the background.
 */
export async function warmFirstView(client: QueryClient, gateway: Gateway, location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById(FIRST_VIEW_ELEMENT_ID)) return;
  const jobs: Promise<unknown>[] = [client.prefetchQuery(sessionQueryOptions(gateway))];
  if (location.pathname === paths.home && !location.search) {
    const query = toGalleryQuery(readGalleryView(new URLSearchParams()));
    jobs.push(client.prefetchQuery(highlightsQueryOptions(gateway)), client.prefetchInfiniteQuery(galleryQueryOptions(gateway, query)));
  }
  const id = matchPath(paths.creativePattern, location.pathname)?.params.id;
  if (id)
    jobs.push(client.prefetchQuery(creativeQueryOptions(gateway, id)), client.prefetchInfiniteQuery(commentsQueryOptions(gateway, id)));
  await Promise.race([Promise.all(jobs), new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
}
