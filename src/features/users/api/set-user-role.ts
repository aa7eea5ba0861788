import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@domain/roles';
import type { User } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { userListsKey } from './get-users';

/**
 * Changes a user's role (which ends that user's sessions); the row changes at once in every loaded
 * search and is rolled back on failure; then the lists refetch (the role chips may no longer match).
 */
export function useSetUserRole() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const patch = (id: string, fn: (u: User) => User) =>
    queryClient.setQueriesData<PagedData<User>>({ queryKey: userListsKey }, (data) =>
      mapLoaded(data, (items) => items.map((u) => (u.id === id ? fn(u) : u))),
    );
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => gateway.users.setRole(id, role),
    onMutate: async ({ id, role }) => {
      await queryClient.cancelQueries({ queryKey: userListsKey });
      const previous = queryClient
        .getQueriesData<PagedData<User>>({ queryKey: userListsKey })
        .flatMap(([, data]) => data?.pages.flatMap((p) => p.items) ?? [])
        .find((u) => u.id === id);
      patch(id, (u) => ({ ...u, role }));
      return { previous };
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous) patch(id, () => previous);
    },
    onSuccess: (user) => patch(user.id, () => user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userListsKey }),
  });
}
