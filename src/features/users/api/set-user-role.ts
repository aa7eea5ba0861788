import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@domain/roles';
import type { User } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { usersKey } from './get-users';

/** Changes a user's role (which ends that user's sessions); the row changes at once and is rolled back on failure. */
export function useSetUserRole() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const patch = (id: string, fn: (u: User) => User) =>
    queryClient.setQueryData<User[]>(usersKey, (list) => list?.map((u) => (u.id === id ? fn(u) : u)));
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => gateway.users.setRole(id, role),
    onMutate: async ({ id, role }) => {
      await queryClient.cancelQueries({ queryKey: usersKey });
      const previous = queryClient.getQueryData<User[]>(usersKey)?.find((u) => u.id === id);
      patch(id, (u) => ({ ...u, role }));
      return { previous };
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous) patch(id, () => previous);
    },
    onSuccess: (user) => patch(user.id, () => user),
  });
}
