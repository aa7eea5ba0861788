import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useUnreadCount } from '../api/watch-unread-count';
import { NotificationPanel } from './notification-panel';

/** 'Notifications, 3 non lues': the bell's accessible name carries the live count. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications';
  return `Notifications, ${unread} non ${unread > 1 ? 'lues' : 'lue'}`;
}

/** The top bar's bell (signed-in users): the live unread count, and the panel of the latest notifications. */
export function NotificationBell({ userId }: { userId: string }) {
  const unread = useUnreadCount(userId);
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={bellLabel(unread)} title="Notifications" className="relative">
          <Bell aria-hidden />
          {unread > 0 ? (
            <span
              aria-hidden
              className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="w-[min(24rem,calc(100vw-1rem))]">
        <NotificationPanel unread={unread} onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
