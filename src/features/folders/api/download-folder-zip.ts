import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import type { Folder } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { GatewayError, type ZipProgress } from '@/gateway/types';
import { saveBlob, saveUrl } from '@/lib/save-file';

/**
 * Saves the folder as a ZIP: the server's streamed archive goes straight to the browser's
 * downloader (http); one built in the page (firebase) reports `progress` while its files are
 * fetched. A failure shows the spec's download toast (or why the folder is too big).
 */
export function useDownloadFolderZip() {
  const gateway = useGateway();
  const [progress, setProgress] = useState<ZipProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (folder: Folder) => {
      const zip = await gateway.folders.downloadZip(folder, setProgress);
      if (zip.kind === 'url') saveUrl(zip.url);
      else saveBlob(zip.blob, zip.fileName);
    },
    onError: (error) => {
      console.error('[download] folder zip failed', error);
      toast.error(error instanceof GatewayError && error.code === 'PAYLOAD_TOO_LARGE' ? error.message : MSG.downloadError);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
