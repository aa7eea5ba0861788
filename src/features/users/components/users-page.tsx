import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import { ROLE_LABELS, type Role } from '@domain/roles';
import type { User } from '@domain/types';
import { EmptyState, ListStates } from '@/components/creative/list-states';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/field';
import { LoadMore } from '@/components/ui/load-more';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { loadedItems } from '@/lib/pages';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useSetUserRole } from '../api/set-user-role';
import { fullName } from '../user-name';
import { UserFilters } from './user-filters';
import { UserRow } from './user-row';

/** How many rows the table shows; while more pages remain, they are the ones 'affichés' so far. */
function countLabel(shown: number, more: boolean): string {
  return `${shown} utilisateur${shown > 1 ? 's' : ''}${more ? (shown > 1 ? ' affichés' : ' affiché') : ''}`;
}

/** Typing pauses this long before the search goes to the backend. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * /admin/users: search, role chips, a role dropdown and a delete button per user. The backend
 * searches and pages (newest first); 'Charger plus' continues the same search.
 */
export function UsersPage() {
  const { user: me } = useSession();
  const [term, setTerm] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const q = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUsers({ q, role: roles });
  const setRole = useSetUserRole();
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<User | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const shown = loadedItems(users.data);

  const changeRole = (user: User, role: Role) => {
    setFailure(null);
    setRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast.success(MSG.roleUpdated(fullName(user), ROLE_LABELS[role])),
        onError: (error) => setFailure(retryLaterMessage(error) ?? MSG.roleUpdateError),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setFailure(null);
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(MSG.userDeleted(fullName(deleting))),
      onError: (error) => setFailure(retryLaterMessage(error) ?? MSG.deleteError),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Gestion des utilisateurs</h1>
        <p className="mt-1 text-sm text-slate-600">Changer le rôle d'un utilisateur le déconnecte de toutes ses sessions.</p>
      </header>
      <UserFilters term={term} onTermChange={setTerm} roles={roles} onRolesChange={setRoles} />
      <FormAlert>{failure}</FormAlert>
      <ListStates
        isPending={users.isPending}
        isError={users.isError}
        errorText="Impossible de charger les utilisateurs. Veuillez réessayer."
      >
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm text-slate-600" aria-live="polite">
            {countLabel(shown.length, users.hasNextPage)}
          </p>
          {shown.length === 0 && !users.hasNextPage ? (
            <EmptyState icon={<SearchX className="size-10 text-slate-400" aria-hidden />}>
              <p className="font-medium text-slate-800">{MSG.noMatchingUser}</p>
            </EmptyState>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Utilisateurs</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  <tr>
                    <th scope="col" className="px-3 py-3 sm:px-4">
                      Nom
                    </th>
                    <th scope="col" className="hidden px-3 py-3 sm:table-cell sm:px-4">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-3 sm:px-4">
                      Rôle
                    </th>
                    <th scope="col" className="px-3 py-3 text-right sm:px-4">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {shown.map((user) => (
                    <UserRow
                      key={user.id}
                      user={user}
                      isSelf={user.id === me?.id}
                      onRoleChange={changeRole}
                      onDelete={(u) => {
                        setFailure(null);
                        setDeleting(u);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <LoadMore
            hasNextPage={users.hasNextPage}
            isFetchingNextPage={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
          />
        </div>
      </ListStates>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={MSG.deleteUserConfirm}
        description={
          deleting
            ? `${fullName(deleting)} (${deleting.email}) sera supprimé avec ses commentaires, ses likes et ses dossiers. Ses créas restent dans la bibliothèque.`
            : undefined
        }
        confirmLabel="Supprimer"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
