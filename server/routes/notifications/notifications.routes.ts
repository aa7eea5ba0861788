import { Hono } from 'hono';
import { pageQuery } from '@domain/schemas/paging';
import { notificationPrefsInput } from '@domain/schemas/notifications';
import { currentUser } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { liveCountStream } from '@server/http/delivery/live-count-stream';
import { idParam } from '@server/http/route-params';
import { route } from '@server/http/route-policy';
import { jsonInput, queryInput } from '@server/http/validate';
import {
  emailPrefs,
  listNotifications,
  markAllRead,
  markRead,
  setEmailPrefs,
  unreadCount,
} from '@server/services/notifications/notifications.service';

/** The signed-in user's own notifications (issue 19): nobody reads or marks anyone else's. */
export function notificationsRoutes(deps: Deps) {
  const { db } = deps;
  const read = route(deps, { permission: 'notification:read' });
  // A user's notifications are never in a shared view.
  const write = route(deps, { permission: 'notification:read', budget: 'notification', invalidates: 'nothing' });
  return new Hono<AppEnv>()
    .get('/', read, queryInput(pageQuery), async (c) => c.json(await listNotifications(db, currentUser(c).id, c.req.valid('query'))))
    .get('/unread-count', read, async (c) => c.json({ unread: await unreadCount(db, currentUser(c).id) }))
    .post('/read-all', write, async (c) => {
      const { id } = currentUser(c);
      await markAllRead(db, id);
      await deps.events.notificationEvents.publish([id]);
      return c.json({ unread: 0 });
    })
    .post('/:id/read', write, async (c) => {
      const { id } = currentUser(c);
      await markRead(db, id, idParam(c, 'id'));
      await deps.events.notificationEvents.publish([id]);
      return c.json({ unread: await unreadCount(db, id) });
    })
    .get('/preferences', read, async (c) => {
      const viewer = currentUser(c);
      return c.json({ email: await emailPrefs(db, viewer.id, viewer.role) });
    })
    .put('/preferences', write, jsonInput(notificationPrefsInput), async (c) => {
      const viewer = currentUser(c);
      return c.json({ email: await setEmailPrefs(db, viewer.id, viewer.role, c.req.valid('json').email) });
    })
    .get('/events', read, (c) => {
      const userId = currentUser(c).id;
      const events = deps.events.notificationEvents;
      return liveCountStream(c, deps, {
        event: 'unread',
        channel: events,
        count: () => events.count(userId),
        subscribe: (listener) => events.subscribe(userId, listener),
      });
    });
}
