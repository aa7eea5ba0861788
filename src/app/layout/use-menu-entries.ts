import { useNavigate } from 'react-router';
import { SHELL_MSG } from '@domain/messages-shell';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { NAV_ITEMS } from './nav-items';

/** What the top bar and the mobile menu show for the current user. */
export function useMenuEntries() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const items = session.user ? NAV_ITEMS.filter((item) => session.can(item.action)) : [];
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.home),
      onError: (error) => toast.error(retryLaterMessage(error) ?? SHELL_MSG.signOutError),
    });
  return { ...session, items, signOut, signingOut: logout.isPending };
}
