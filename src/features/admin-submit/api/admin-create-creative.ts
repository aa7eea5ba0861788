import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { AdminCreativeInput } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

/** The simple admin form: an approved creative whose image is given by URL. */
export function useAdminCreateCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCreativeInput) => gateway.creatives.adminCreate(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] }),
  });
}
