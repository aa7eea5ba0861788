import { SHARE_PASSWORD_MIN } from '@domain/shares';
import type { Gateway } from '../types';
import { httpAuth } from './auth';
import { createClient } from './client';
import { lazySection } from './lazy-section';
import { httpReview } from './review';
import { httpCreatives } from './creatives';
import { httpNotifications } from './notifications';
import { browserTransport, type HttpTransport } from './transport';

export type { HttpTransport } from './transport';

/** The self-hosted backend: the API served by server/ (same origin in the browser). */
export function createHttpGateway(transport: HttpTransport = browserTransport): Gateway {
  const client = createClient(transport);
  return {
    features: {
      relevanceSort: true,
      facetCounts: true,
      folderShares: true,
      sharePasswordMin: SHARE_PASSWORD_MIN,
      folderNotes: true,
      duplicateCheck: true,
      deviceSessions: true,
      otherDevicesListed: true,
    },
    auth: httpAuth(client),
    creatives: httpCreatives(client),
    review: httpReview(client),
    // Sections the gallery does not need: their requests load with their first call (or with a
    // page that needs them first: src/app/first-view.ts).
    agency: lazySection(() => import('./review').then((m) => m.httpAgency(client))),
    comments: lazySection(() => import('./comments').then((m) => m.httpComments(client))),
    folders: lazySection(() => import('./folders').then((m) => m.httpFolders(client))),
    shares: lazySection(() => import('./shares').then((m) => m.httpShares(client))),
    users: lazySection(() => import('./admin').then((m) => m.httpUsers(client))),
    myData: lazySection(() => import('./my-data').then((m) => m.httpMyData(client))),
    analytics: lazySection(() => import('./admin').then((m) => m.httpAnalytics(client))),
    notifications: httpNotifications(client),
  };
}
