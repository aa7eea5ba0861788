import type { Gateway } from '../types';
import { segment, type HttpClient } from './client';

export function httpNotifications({ api, json, ok, events }: HttpClient): Gateway['notifications'] {
  return {
    list: async (page) => json(api.notifications.$get({ query: { cursor: page?.cursor || undefined } })),
    markRead: async (id) => {
      await ok(api.notifications[':id'].read.$post({ param: { id: segment(id) } }));
    },
    markAllRead: async () => {
      await ok(api.notifications['read-all'].$post());
    },
    // Server-sent events are not a typed hc call: only the path comes from the client.
    watchUnreadCount: (onCount) =>
      events(api.notifications.events.$path(), 'unread', (data) => {
        const count = Number(data);
        if (Number.isFinite(count)) onCount(count);
      }),
    emailPrefs: async () => (await json(api.notifications.preferences.$get())).email,
    setEmailPrefs: async (changes) => (await json(api.notifications.preferences.$put({ json: { email: changes } }))).email,
  };
}
