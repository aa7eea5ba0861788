import { useMutation } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { saveBlob } from '@/lib/save-file';

/** Saves the original of a shared creative under the sanitized creative name (links that allow downloads). */
export function useDownloadSharedCreative(token: string) {
  const gateway = useGateway();
  return useMutation({
    mutationFn: async (creative: Creative) => {
      const { blob, fileName } = await gateway.shares.download(token, creative);
      saveBlob(blob, fileName);
    },
    onError: () => toast.error(MSG.downloadError),
  });
}
