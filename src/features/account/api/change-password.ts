import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';

export function useChangePassword() {
  const gateway = useGateway();
  return useMutation({ mutationFn: (input: PasswordChangeInput) => gateway.auth.changePassword(input) });
}
