import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

/**
 * "Supprimer mon compte". `forgetSession` then drops the session and everything cached for it:
 * call it once the signed-in page is gone (its guard would otherwise send the former user to
 * /login instead of the home page).
 */
export function useDeleteMyAccount() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: (password: string) => gateway.myData.deleteAccount(password) });
  const forgetSession = useCallback(() => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
  }, [queryClient]);
  return { ...mutation, forgetSession };
}
