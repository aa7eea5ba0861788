import { Keyboard } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useShortcuts } from '@/lib/shortcuts';

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** The top bar's search input shown at this width (the top bar renders one per layout). */
function visibleSearchInput(): HTMLInputElement | undefined {
  return [...document.querySelectorAll<HTMLInputElement>('input[data-shortcut="search"]')].find((el) => el.getClientRects().length > 0);
}

/** The app-wide shortcuts (`/` search, `?` this list) and the footer's 'Raccourcis clavier' button that opens the list too. */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useShortcuts({
    search: () => visibleSearchInput()?.focus(),
    help: () => setOpen(true),
  });
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Keyboard className="size-4" aria-hidden />
        Raccourcis clavier
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
