import type { Creative, ReviewCounts } from '../../../domain/types';
import type { Gateway } from '../types';
import { api, withQuery } from './client';

const path = (id: string, action: string) => `/api/creatives/${encodeURIComponent(id)}/${action}`;

export const httpReview: Gateway['review'] = {
  list: (status) => api<Creative[]>('GET', withQuery('/api/review/creatives', { status })),
  counts: () => api<ReviewCounts>('GET', '/api/review/counts'),
  approve: (id) => api<Creative>('POST', path(id, 'approve')),
  reject: (id, reason) => api<Creative>('POST', path(id, 'reject'), { reason }),
  feature: (id, input) => api<Creative>('POST', path(id, 'feature'), input),
  watchPendingCount: (onCount) => {
    const source = new EventSource('/api/review/events', { withCredentials: true });
    source.addEventListener('pending', (e) => {
      const count = Number((e as MessageEvent<string>).data);
      if (Number.isFinite(count)) onCount(count);
    });
    return () => source.close();
  },
};

export const httpAgency: Gateway['agency'] = {
  list: (status) => api<Creative[]>('GET', withQuery('/api/agency/creatives', { status })),
  counts: () => api<ReviewCounts>('GET', '/api/agency/counts'),
};
