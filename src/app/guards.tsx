import { LogIn, ShieldAlert } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { SHELL_MSG } from '@domain/messages-shell';
import type { Action } from '@domain/permissions';
import { buttonVariants } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/** Pages for signed-in users: visitors are sent to /login. */
export function RequireSignedIn() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login and /register: a signed-in user goes home. */
export function GuestOnly() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (user) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

export function AccessDenied() {
  const { user } = useSession();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <ShieldAlert className="size-12 text-red-500" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{SHELL_MSG.unauthorized}</h1>
      <p className="text-sm text-slate-600">Cette page est réservée à certains profils.</p>
      <Link to={user ? paths.home : paths.login} className={buttonVariants({ variant: 'outline' })}>
        {user ? "Retour à l'accueil" : 'Connexion'}
      </Link>
    </div>
  );
}

/** What a visitor sees on a page that needs an account, e.g. 'Vous devez être connecté pour soumettre une créative'. */
export function SignInRequired({ message }: { message: string }) {
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <LogIn className="size-12 text-brand-600" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      <div className="flex gap-2">
        <Link to={paths.login} state={{ from: location.pathname }} className={buttonVariants()}>
          Connexion
        </Link>
        <Link to={paths.register} className={buttonVariants({ variant: 'outline' })}>
          Inscription
        </Link>
      </div>
    </div>
  );
}

/**
 * Pages for some roles: others see 'Accès non autorisé' (the server refuses them anyway).
 * With `signedOutMessage`, visitors are asked to log in instead.
 */
export function RequirePermission({ action, signedOutMessage }: { action: Action; signedOutMessage?: string }) {
  const { user, isLoading, can } = useSession();
  if (isLoading) return <PageLoader />;
  if (!user && signedOutMessage) return <SignInRequired message={signedOutMessage} />;
  if (!can(action)) return <AccessDenied />;
  return <Outlet />;
}
