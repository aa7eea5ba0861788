import type { Gateway } from '../types';
import type { HttpClient } from './client';

export function httpAuth({ api, json }: HttpClient): Gateway['auth'] {
  return {
    getSession: async () => (await json(api.auth.session.$get())).user,
    login: async (input) => (await json(api.auth.login.$post({ json: input }))).user,
    register: async (input) => (await json(api.auth.register.$post({ json: input }))).user,
    logout: async () => {
      await json(api.auth.logout.$post({ json: {} }));
    },
    updateProfile: async (input) => (await json(api.me.$patch({ json: input }))).user,
    changePassword: async (input) => {
      await json(api.me.password.$post({ json: input }));
    },
    requestPasswordReset: async (input) => {
      await json(api.auth['forgot-password'].$post({ json: input }));
    },
    resetPassword: async (input) => {
      await json(api.auth['reset-password'].$post({ json: input }));
    },
    sessions: async () => (await json(api.me.sessions.$get())).sessions,
    revokeOtherSessions: async () => {
      await json(api.me.sessions['revoke-others'].$post());
    },
  };
}
