import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

/** "Supprimer mon compte": once deleted, the session is over and everything cached for it is forgotten. */
export function useDeleteMyAccount() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => gateway.myData.deleteAccount(password),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
