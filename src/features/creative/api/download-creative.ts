import { useMutation } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';

/** Fetches the original as a blob and saves it under the sanitized creative name. */
export function useDownloadCreative() {
  const gateway = useGateway();
  return useMutation({
    mutationFn: async (creative: Creative) => {
      const { blob, fileName } = await gateway.creatives.download(creative);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => {
      console.error('[download] failed', error);
      toast.error(MSG.downloadError);
    },
  });
}
