import type { Period } from '@domain/analytics';
import type { Gateway } from '../types';
import { segment, type HttpClient } from './client';

export function httpUsers({ api, json, ok }: HttpClient): Gateway['users'] {
  return {
    list: async (query = {}) =>
      json(
        api.users.$get({
          query: { q: query.q?.trim() || undefined, role: query.role?.length ? query.role : undefined, cursor: query.cursor || undefined },
        }),
      ),
    setRole: async (id, role) => json(api.users[':id'].role.$patch({ param: { id: segment(id) }, json: { role } })),
    remove: async (id) => {
      await ok(api.users[':id'].$delete({ param: { id: segment(id) } }));
    },
  };
}

export function httpAnalytics({ api, json }: HttpClient): Gateway['analytics'] {
  return {
    // The Gateway takes any string; the server validates it (VALIDATION for an unknown period).
    get: async (query) => json(api.analytics.$get({ query: { period: (query.period || undefined) as Period | undefined } })),
  };
}
