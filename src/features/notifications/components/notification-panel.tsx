import { MSG } from '@domain/messages';
import type { AppNotification } from '@domain/notifications';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { loadedItems } from '@/lib/pages';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

/** The bell's panel: the latest notifications, 'Tout marquer comme lu', more on demand. */
export function NotificationPanel({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const list = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = loadedItems(list.data);
  const open = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    onNavigate();
  };
  return (
    <div className="flex max-h-[min(32rem,calc(100vh-6rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
        <Button
          variant="link"
          size="sm"
          className="-mr-2 px-2"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Tout marquer comme lu
        </Button>
      </div>
      <div className="overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p className="p-6 text-center text-sm text-red-700">{MSG.notificationsError}</p>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">{MSG.noNotifications}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="p-3">
            <LoadMore hasNextPage isFetchingNextPage={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
