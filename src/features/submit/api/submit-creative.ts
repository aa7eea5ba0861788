import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { CreativeInput, MediaReading, UploadProgress } from '@/gateway/types';
import { CREATIVES_KEY } from '@/lib/creative-cache';

export interface SubmitCreativeVariables {
  input: CreativeInput;
  file: File;
  onProgress?: (p: UploadProgress) => void;
  /** What the browser read in the file (Firebase mode), stored with the creative. */
  reading?: MediaReading | null;
}

/** Uploads a new creative. Gallery, validation and 'Mes créas' lists and counts all live under CREATIVES_KEY. */
export function useSubmitCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, file, onProgress, reading }: SubmitCreativeVariables) =>
      gateway.creatives.submit(input, file, onProgress, reading),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [CREATIVES_KEY] }),
  });
}
