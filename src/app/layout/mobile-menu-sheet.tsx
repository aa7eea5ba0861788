import { LogOut, MessageCircle } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { contactMailto } from './contact-link';
import { NavEntryIcon, navEntryName } from './nav-entry';
import { useMenuEntries } from './use-menu-entries';

const entryClass = cn(buttonVariants({ variant: 'ghost', size: 'lg' }), 'w-full justify-start');

/** The top bar's entries in a side sheet (focus trapped, Escape closes). */
export default function MobileMenuSheet({ onClose, pendingCount }: { onClose: () => void; pendingCount: number }) {
  const { user, isLoading, items, signOut } = useMenuEntries();
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-2 bg-white p-4 shadow-xl"
        >
          <div className="mb-2 flex items-center justify-between">
            <DialogPrimitive.Title className="text-base font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className={buttonVariants({ variant: 'ghost', size: 'sm' })}>Fermer</DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">Navigation de Créathèque</DialogPrimitive.Description>
          <nav aria-label="Navigation mobile" className="flex flex-col gap-1">
            {isLoading ? null : user ? (
              <>
                <p className="px-4 pb-2 text-sm text-slate-600">
                  {user.firstName} {user.lastName}
                </p>
                {items.map((item) => (
                  <Link key={item.to} to={item.to} onClick={onClose} className={entryClass} aria-label={navEntryName(item, pendingCount)}>
                    <NavEntryIcon item={item} pendingCount={pendingCount} />
                    {item.label}
                  </Link>
                ))}
                <button
                  type="button"
                  className={entryClass}
                  onClick={() => {
                    onClose();
                    signOut();
                  }}
                >
                  <LogOut aria-hidden />
                  Déconnexion
                </button>
              </>
            ) : (
              <>
                <a href={contactMailto()} className={entryClass}>
                  <MessageCircle aria-hidden />
                  Discuter avec nos experts créa
                </a>
                <Link to={paths.login} onClick={onClose} className={entryClass}>
                  Connexion
                </Link>
                <Link to={paths.register} onClick={onClose} className={entryClass}>
                  Inscription
                </Link>
              </>
            )}
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
