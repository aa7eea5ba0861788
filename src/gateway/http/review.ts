import type { Gateway } from '../types';
import { segment, type HttpClient } from './client';

export function httpReview({ api, json, events }: HttpClient): Gateway['review'] {
  const one = (id: string) => ({ param: { id: segment(id) } });
  return {
    list: async (status, page) => json(api.review.creatives.$get({ query: { status, cursor: page?.cursor || undefined } })),
    counts: async () => json(api.review.counts.$get()),
    approve: async (id) => json(api.creatives[':id'].approve.$post(one(id))),
    reject: async (id, reason) => json(api.creatives[':id'].reject.$post({ ...one(id), json: { reason } })),
    feature: async (id, input) => json(api.creatives[':id'].feature.$post({ ...one(id), json: input })),
    // Server-sent events are not a typed hc call: only the path comes from the client.
    watchPendingCount: (onCount) =>
      events(api.review.events.$path(), 'pending', (data) => {
        const count = Number(data);
        if (Number.isFinite(count)) onCount(count);
      }),
  };
}

export function httpAgency({ api, json }: HttpClient): Gateway['agency'] {
  return {
    list: async (status, page) => json(api.agency.creatives.$get({ query: { status, cursor: page?.cursor || undefined } })),
    counts: async () => json(api.agency.counts.$get()),
  };
}
