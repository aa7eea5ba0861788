import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';
import { sessionsQueryKey } from './list-sessions';

/** The other devices are signed out by the change (server: revokeOtherSessions), so their list is read again. */
export function useChangePassword() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => gateway.auth.changePassword(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
