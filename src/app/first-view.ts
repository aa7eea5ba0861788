import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';
import { paths } from '@/config/paths';
import { commentsQueryOptions } from '@/features/comments/api/get-comments';
import { creativeQueryOptions } from '@/features/creative/api/get-creative';
import { sharedCreativeQueryOptions } from '@/features/shares/api/get-shared-creative';
import { sharedFolderQueryOptions } from '@/features/shares/api/get-shared-folder';
import { galleryQueryOptions } from '@/features/gallery/api/get-gallery';
import { highlightsQueryOptions } from '@/features/gallery/api/get-highlights';
import { readGalleryView, toGalleryQuery } from '@/features/gallery/url-state';
import { loadSection } from '@/gateway/http/lazy-section';
import type { Gateway } from '@/gateway/types';
import { sessionQueryOptions } from '@/lib/session';

/** Longest wait for the first render: answers the page carries take microseconds. */
const WAIT_MS = 50;

/**
 * The queries of a page's first render: the session, and on home the highlights and the gallery
 * of the URL's view, on a creative's page the creative and its first comments, on a share link's
 * pages the folder's first page (or the refusal that asks for its password) and its creative. The server runs
 * them to render the page and inline their answers (server/render/); the browser runs them
 * again before its first render, answered from the page.
 */
export function firstViewQueries(
  client: QueryClient,
  gateway: Gateway,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<unknown>[] {
  const jobs: Promise<unknown>[] = [client.prefetchQuery(sessionQueryOptions(gateway))];
  if (location.pathname === paths.home) {
    const query = toGalleryQuery(readGalleryView(new URLSearchParams(location.search)));
    jobs.push(client.prefetchQuery(highlightsQueryOptions(gateway)), client.prefetchInfiniteQuery(galleryQueryOptions(gateway, query)));
  }
  const { creativeId, shareToken, sharedCreativeId } = firstViewRoute(location);
  if (creativeId)
    jobs.push(
      client.prefetchQuery(creativeQueryOptions(gateway, creativeId)),
      client.prefetchInfiniteQuery(commentsQueryOptions(gateway, creativeId)),
    );
  if (shareToken && gateway.features.folderShares) {
    jobs.push(client.prefetchInfiniteQuery(sharedFolderQueryOptions(gateway, shareToken)));
    if (sharedCreativeId) jobs.push(client.prefetchQuery(sharedCreativeQueryOptions(gateway, shareToken, sharedCreativeId)));
  }
  return jobs;
}

/** What a page's path names: a creative's page, a share link's page, or a creative seen through a share. */
function firstViewRoute(location: Pick<Location, 'pathname'>) {
  const shared = matchPath(paths.sharedCreativePattern, location.pathname)?.params;
  return {
    creativeId: matchPath(paths.creativePattern, location.pathname)?.params.id,
    shareToken: shared?.token ?? matchPath(paths.sharePattern, location.pathname)?.params.token,
    sharedCreativeId: shared?.creativeId,
  };
}

/** The gateway's sections whose code a page's first-view queries call, beyond the always-loaded ones. */
function firstViewSections(gateway: Gateway, location: Pick<Location, 'pathname'>): object[] {
  const { creativeId, shareToken } = firstViewRoute(location);
  return [...(creativeId ? [gateway.comments] : []), ...(shareToken && gateway.features.folderShares ? [gateway.shares] : [])];
}

/**
 * Fills the query cache with the answers the server inlined in this page for its first render
 * before React renders (or hydrates) it: the gateway takes them from the page, no request leaves.
 * Rendered first with its queries pending and a frame later with the data, the page would paint
 * skeletons and then shift (CLS), and a server-rendered page would not match its HTML. A query the
 * page does not carry (an error answer is never inlined) is not waited for beyond WAIT_MS: it goes
 * on in the background.
 */
export async function warmFirstView(client: QueryClient, gateway: Gateway, location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById(FIRST_VIEW_ELEMENT_ID)) return;
  // The code of the gateway's sections these queries call is waited for whatever it takes, as the
  // page's own module is: answered from the page, they only race the network, not a download.
  await Promise.all(firstViewSections(gateway, location).map(loadSection));
  await Promise.race([Promise.all(firstViewQueries(client, gateway, location)), new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
}
