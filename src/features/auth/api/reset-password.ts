import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

/** Sets the new password with the e-mail's link; every session of the account ends, this browser's too. */
export function useResetPassword() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetInput) => gateway.auth.resetPassword(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
