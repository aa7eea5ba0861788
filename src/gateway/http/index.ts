import type { Gateway } from '../types';
import { httpUsers, httpAnalytics } from './admin';
import { httpAuth } from './auth';
import { httpComments } from './comments';
import { httpCreatives } from './creatives';
import { httpFolders } from './folders';
import { httpAgency, httpReview } from './review';

/** The self-hosted backend: the API served by server/ on the same origin. */
export function createHttpGateway(): Gateway {
  return {
    auth: httpAuth,
    creatives: httpCreatives,
    review: httpReview,
    agency: httpAgency,
    comments: httpComments,
    folders: httpFolders,
    users: httpUsers,
    analytics: httpAnalytics,
  };
}
