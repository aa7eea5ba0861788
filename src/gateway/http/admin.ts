import type { Analytics, User } from '../../../domain/types';
import type { Gateway } from '../types';
import { withQuery, type HttpClient } from './client';

export function httpUsers({ api, send }: HttpClient): Gateway['users'] {
  return {
    list: () => api<User[]>('GET', '/api/users'),
    setRole: (id, role) => api<User>('PATCH', `/api/users/${encodeURIComponent(id)}/role`, { role }),
    remove: async (id) => {
      await send('DELETE', `/api/users/${encodeURIComponent(id)}`);
    },
  };
}

export function httpAnalytics({ api }: HttpClient): Gateway['analytics'] {
  return {
    get: (query) => api<Analytics>('GET', withQuery('/api/analytics', { period: query.period })),
  };
}
