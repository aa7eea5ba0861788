import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

export function useLogin() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => gateway.auth.login(input),
    onSuccess: async (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}
