import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { sessionsQueryKey } from './list-sessions';

/** 'Déconnecter les autres appareils': every session but this browser's ends. */
export function useRevokeOtherSessions() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => gateway.auth.revokeOtherSessions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
