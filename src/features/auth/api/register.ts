import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

export function useRegister() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => gateway.auth.register(input),
    onSuccess: async (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}
