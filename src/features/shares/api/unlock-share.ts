import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { sharedFolderKey } from './get-shared-folder';

/** Gives a protected link's password; on success the link's queries are read again (now opened). */
export function useUnlockShare(token: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => gateway.shares.unlock(token, password),
    onSuccess: () => queryClient.resetQueries({ queryKey: sharedFolderKey(token) }),
  });
}
