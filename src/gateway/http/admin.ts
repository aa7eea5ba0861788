import type { Analytics, User } from '../../../domain/types';
import type { Gateway } from '../types';
import { api, send, withQuery } from './client';

export const httpUsers: Gateway['users'] = {
  list: () => api<User[]>('GET', '/api/users'),
  setRole: (id, role) => api<User>('PATCH', `/api/users/${encodeURIComponent(id)}/role`, { role }),
  remove: async (id) => {
    await send('DELETE', `/api/users/${encodeURIComponent(id)}`);
  },
};

export const httpAnalytics: Gateway['analytics'] = {
  get: (query) => api<Analytics>('GET', withQuery('/api/analytics', { period: query.period })),
};
