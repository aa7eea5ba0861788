import type { Creative, ReviewCounts } from '../../../domain/types';
import type { Gateway } from '../types';
import { withQuery, type HttpClient } from './client';

const path = (id: string, action: string) => `/api/creatives/${encodeURIComponent(id)}/${action}`;

export function httpReview({ api, events }: HttpClient): Gateway['review'] {
  return {
    list: (status) => api<Creative[]>('GET', withQuery('/api/review/creatives', { status })),
    counts: () => api<ReviewCounts>('GET', '/api/review/counts'),
    approve: (id) => api<Creative>('POST', path(id, 'approve')),
    reject: (id, reason) => api<Creative>('POST', path(id, 'reject'), { reason }),
    feature: (id, input) => api<Creative>('POST', path(id, 'feature'), input),
    watchPendingCount: (onCount) =>
      events('/api/review/events', 'pending', (data) => {
        const count = Number(data);
        if (Number.isFinite(count)) onCount(count);
      }),
  };
}

export function httpAgency({ api }: HttpClient): Gateway['agency'] {
  return {
    list: (status) => api<Creative[]>('GET', withQuery('/api/agency/creatives', { status })),
    counts: () => api<ReviewCounts>('GET', '/api/agency/counts'),
  };
}
