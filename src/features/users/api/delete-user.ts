import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { userListsKey } from './get-users';

/** Deletes a user and what is theirs (docs/decisions/002); the row goes once the backend agrees. */
export function useDeleteUser() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.users.remove(id),
    onSuccess: (_v, id) => {
      queryClient.setQueriesData<PagedData<User>>({ queryKey: userListsKey }, (data) =>
        mapLoaded(data, (items) => items.filter((u) => u.id !== id)),
      );
      // Their likes, comments and folders are gone too: every cached list and count is now stale.
      void queryClient.invalidateQueries();
    },
  });
}
