import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureInput } from '@domain/schemas/creative';
import { useGateway } from '@/gateway/context';
import { CREATIVES_KEY } from '@/lib/creative-cache';
import { creativeQueryOptions } from './get-creative';

/** Makes the creative 'the analysis of the week'; the previously featured one is cleared by the backend. */
export function useFeatureCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FeatureInput }) => gateway.review.feature(id, input),
    onSuccess: (creative) => {
      queryClient.setQueryData(creativeQueryOptions(gateway, creative.id).queryKey, creative);
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] });
    },
  });
}
