import { cn } from '@/lib/cn';
import type { NavItem } from './nav-items';

/** 'Validation (2 en attente)' while creatives wait; the plain label otherwise. */
export function navEntryName(item: NavItem, pendingCount: number): string | undefined {
  return item.showsPendingCount && pendingCount > 0 ? `${item.label} (${pendingCount} en attente)` : undefined;
}

/** The entry's icon; the validation icon turns red with the pending count while any creative waits. */
export function NavEntryIcon({ item, pendingCount }: { item: NavItem; pendingCount: number }) {
  const alert = Boolean(item.showsPendingCount) && pendingCount > 0;
  return (
    <span className={cn('relative inline-flex', alert && 'mr-1.5')}>
      <item.icon aria-hidden className={cn(alert && 'text-red-600')} />
      {alert ? (
        <span
          aria-hidden
          data-testid="pending-badge"
          className="absolute -right-2 -top-2 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-none text-white ring-2 ring-white"
        >
          {pendingCount > 99 ? '99+' : pendingCount}
        </span>
      ) : null}
    </span>
  );
}
