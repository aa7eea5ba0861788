import { LogOut, MessageCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { contactMailto } from './contact-link';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavEntryIcon, navEntryName } from './nav-entry';
import { SearchBox, useShowsSearch } from './search-box';
import { useMenuEntries } from './use-menu-entries';
import { usePendingReviewCount } from './use-pending-review-count';

/** The bell and its panel load for signed-in users only, off the visitors' initial JavaScript. */
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-brand-50 text-brand-800');

/**
 * Staff and admins have many entries: their search box moves to the second row below 2xl, and
 * between lg and xl the entries show as icons (name kept for assistive tech and as a tooltip).
 */
const COMPACT_AFTER = 4;

export function TopBar() {
  const { user, isLoading, items, signOut, signingOut } = useMenuEntries();
  const showsSearch = useShowsSearch();
  const pendingCount = usePendingReviewCount();
  const compact = items.length > COMPACT_AFTER;
  const labelClass = compact ? 'sr-only xl:not-sr-only' : undefined;
  const inlineSearch = compact ? '2xl' : 'xl';
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        {showsSearch ? (
          <SearchBox className={cn('hidden min-w-48 max-w-md flex-1', inlineSearch === 'xl' ? 'xl:block' : '2xl:block')} />
        ) : null}
        <nav aria-label="Navigation principale" className="ml-auto hidden items-center gap-1 lg:flex">
          {isLoading ? (
            <div aria-busy="true" aria-label="Chargement de la session" className="h-8 w-48 animate-pulse rounded-lg bg-slate-100" />
          ) : user ? (
            <>
              {items.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  className={navLinkClass}
                  aria-label={navEntryName(item, pendingCount)}
                  title={compact ? (navEntryName(item, pendingCount) ?? item.label) : undefined}
                >
                  <NavEntryIcon item={item} pendingCount={pendingCount} />
                  <span className={labelClass}>{item.label}</span>
                </NavLink>
              ))}
              <button
                type="button"
                onClick={signOut}
                disabled={signingOut}
                className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                title={compact ? 'Déconnexion' : undefined}
              >
                <LogOut aria-hidden />
                <span className={labelClass}>Déconnexion</span>
              </button>
            </>
          ) : (
            <>
              <a href={contactMailto()} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                <MessageCircle aria-hidden />
                Discuter avec nos experts créa
              </a>
              <Link to={paths.login} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Connexion
              </Link>
              <Link to={paths.register} className={buttonVariants({ variant: 'default', size: 'sm' })}>
                Inscription
              </Link>
            </>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          {user ? (
            // A placeholder of the bell's size while its chunk loads: nothing beside it moves.
            <Suspense fallback={<span aria-hidden className="inline-block size-10" />}>
              <NotificationBell userId={user.id} />
            </Suspense>
          ) : null}
          <div className="lg:hidden">
            <MobileMenu pendingCount={pendingCount} />
          </div>
        </div>
      </div>
      {showsSearch ? (
        <div className={cn('border-t border-slate-100 px-4 py-2', inlineSearch === 'xl' ? 'xl:hidden' : '2xl:hidden')}>
          <SearchBox />
        </div>
      ) : null}
    </header>
  );
}
