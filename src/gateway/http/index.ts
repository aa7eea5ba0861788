import { SHARE_PASSWORD_MIN } from '@domain/shares';
import type { Gateway } from '../types';
import { httpAnalytics, httpUsers } from './admin';
import { httpAuth } from './auth';
import { createClient } from './client';
import { httpComments } from './comments';
import { httpCreatives } from './creatives';
import { httpFolders } from './folders';
import { httpMyData } from './my-data';
import { httpNotifications } from './notifications';
import { httpAgency, httpReview } from './review';
import { httpShares } from './shares';
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
    agency: httpAgency(client),
    comments: httpComments(client),
    folders: httpFolders(client),
    shares: httpShares(client),
    users: httpUsers(client),
    myData: httpMyData(client),
    analytics: httpAnalytics(client),
    notifications: httpNotifications(client),
  };
}
