import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { CreativeInput, MediaReading, UploadProgress } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';
import { creativeToEditQueryOptions } from './get-creative-to-edit';

export interface UpdateCreativeVariables {
  id: string;
  input: CreativeInput;
  /** A replacement media, or null to keep the current one. */
  file: File | null;
  onProgress?: (p: UploadProgress) => void;
  /** What the browser read in the replacement file (Firebase mode), null without. */
  reading?: MediaReading | null;
}

export function useUpdateCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, file, onProgress, reading }: UpdateCreativeVariables) =>
      gateway.creatives.update(id, input, file, onProgress, reading),
    onSuccess: (creative) => {
      queryClient.setQueryData(creativeToEditQueryOptions(gateway, creative.id).queryKey, creative);
      void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] });
    },
  });
}
