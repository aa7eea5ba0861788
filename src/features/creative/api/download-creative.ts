import { useMutation } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { saveBlob } from '@/lib/save-file';

/** Fetches the original as a blob and saves it under the sanitized creative name. */
export function useDownloadCreative() {
  const gateway = useGateway();
  return useMutation({
    mutationFn: async (creative: Creative) => {
      const { blob, fileName } = await gateway.creatives.download(creative);
      saveBlob(blob, fileName);
    },
    onError: (error) => {
      console.error('[download] failed', error);
      toast.error(MSG.downloadError);
    },
  });
}
