import { useMutation } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { saveBlob } from '@/lib/save-blob';

/** Fetches the original as a blob and saves it under the sanitized creative name. */
export function useDownloadCreative() {
  const gateway = useGateway();
  return useMutation({
    mutationFn: async (creative: Creative) => saveBlob(await gateway.creatives.download(creative)),
    onError: (error) => {
      console.error('[download] failed', error);
      toast.error(MSG.downloadError);
    },
  });
}
