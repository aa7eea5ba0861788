import { LogOut, MessageCircle } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { contactMailto } from './contact-link';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavEntryIcon, navEntryName } from './nav-entry';
import { SearchBox, useShowsSearch } from './search-box';
import { useMenuEntries } from './use-menu-entries';
import { usePendingReviewCount } from './use-pending-review-count';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-brand-50 text-brand-800');

export function TopBar() {
  const { user, isLoading, items, signOut, signingOut } = useMenuEntries();
  const showsSearch = useShowsSearch();
  const pendingCount = usePendingReviewCount();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        {showsSearch ? <SearchBox className="hidden max-w-md flex-1 xl:block" /> : null}
        <nav aria-label="Navigation principale" className="ml-auto hidden items-center gap-1 lg:flex">
          {isLoading ? (
            <div aria-busy="true" aria-label="Chargement de la session" className="h-8 w-48 animate-pulse rounded-lg bg-slate-100" />
          ) : user ? (
            <>
              {items.map((item) => (
                <NavLink key={item.to} to={item.to} className={navLinkClass} aria-label={navEntryName(item, pendingCount)}>
                  <NavEntryIcon item={item} pendingCount={pendingCount} />
                  {item.label}
                </NavLink>
              ))}
              <button
                type="button"
                onClick={signOut}
                disabled={signingOut}
                className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              >
                <LogOut aria-hidden />
                Déconnexion
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
        <div className="ml-auto lg:hidden">
          <MobileMenu pendingCount={pendingCount} />
        </div>
      </div>
      {showsSearch ? (
        <div className="border-t border-slate-100 px-4 py-2 xl:hidden">
          <SearchBox />
        </div>
      ) : null}
    </header>
  );
}
