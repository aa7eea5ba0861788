import type { User } from '../../../domain/types';
import type { Gateway } from '../types';
import type { HttpClient } from './client';

export function httpAuth({ api }: HttpClient): Gateway['auth'] {
  return {
    getSession: async () => (await api<{ user: User | null }>('GET', '/api/auth/session')).user,
    login: async (input) => (await api<{ user: User }>('POST', '/api/auth/login', input)).user,
    register: async (input) => (await api<{ user: User }>('POST', '/api/auth/register', input)).user,
    logout: async () => {
      await api('POST', '/api/auth/logout', {});
    },
    updateProfile: async (input) => (await api<{ user: User }>('PATCH', '/api/me', input)).user,
    changePassword: async (input) => {
      await api('POST', '/api/me/password', input);
    },
  };
}
