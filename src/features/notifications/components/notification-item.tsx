import { Link } from 'react-router';
import { notificationPath, notificationText, timeAgo, type AppNotification } from '@domain/notifications';
import { cn } from '@/lib/cn';

/** One line of the panel: the sentence, how long ago, unread ones marked; a link to its target. */
export function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: (n: AppNotification) => void }) {
  const unread = !notification.read;
  return (
    <Link
      to={notificationPath(notification)}
      onClick={() => onOpen(notification)}
      className={cn(
        'flex gap-3 px-4 py-3 text-sm outline-none transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600',
        unread ? 'bg-brand-50 text-slate-900' : 'text-slate-700',
      )}
    >
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn('break-words', unread && 'font-semibold')}>
          {unread ? <span className="sr-only">Non lue : </span> : null}
          {notificationText(notification)}
        </span>
        <time dateTime={notification.createdAt} className="text-xs text-slate-600">
          {timeAgo(notification.createdAt)}
        </time>
      </span>
    </Link>
  );
}
