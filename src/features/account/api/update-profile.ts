import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@domain/schemas/auth';
import { useGateway } from '@/gateway/context';
import { sessionQueryKey } from '@/lib/session';

export function useUpdateProfile() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => gateway.auth.updateProfile(input),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
