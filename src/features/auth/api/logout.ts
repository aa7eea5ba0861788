import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

/** Signs out and forgets everything cached for the previous user. */
export function useLogout() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => gateway.auth.logout(),
    onSettled: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
