import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet'));

/** Hamburger for narrow screens; the sheet (a Radix dialog) is loaded on first open. */
export function MobileMenu({ pendingCount = 0 }: { pendingCount?: number }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the hamburger once the sheet is gone: while it is mounted, its focus trap
  // would pull focus back inside (and then drop it on <body> when it unmounts).
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label={
          pendingCount > 0 ? `Ouvrir le menu (${pendingCount} créative${pendingCount > 1 ? 's' : ''} en attente)` : 'Ouvrir le menu'
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="relative"
      >
        <Menu aria-hidden />
        {pendingCount > 0 ? (
          <span aria-hidden className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white" />
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuSheet pendingCount={pendingCount} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
