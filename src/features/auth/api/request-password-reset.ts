import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';

/** 'Mot de passe oublié ?': asks for the reset e-mail (the same answer for any address). */
export function useRequestPasswordReset() {
  const gateway = useGateway();
  return useMutation({ mutationFn: (input: PasswordResetRequestInput) => gateway.auth.requestPasswordReset(input) });
}
