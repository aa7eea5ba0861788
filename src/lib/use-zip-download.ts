import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import { toast } from '@/components/ui/toaster';
import { GatewayError, type FolderZip, type ZipProgress } from '@/gateway/types';
import { saveBlob, saveUrl } from '@/lib/save-file';

/**
 * Saves a ZIP that `get` obtains: a server's streamed archive goes straight to the browser's
 * downloader (`url`); one built in the page (Firebase) reports `progress` while its files are
 * fetched. A failure shows the spec's download toast (or why the archive is too big).
 */
export function useZipDownload<T>(get: (arg: T, onProgress: (p: ZipProgress) => void) => Promise<FolderZip>) {
  const [progress, setProgress] = useState<ZipProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (arg: T) => {
      const zip = await get(arg, setProgress);
      if (zip.kind === 'url') saveUrl(zip.url);
      else saveBlob(zip.blob, zip.fileName);
    },
    onError: (error) => {
      console.error('[download] zip failed', error);
      toast.error(error instanceof GatewayError && error.code === 'PAYLOAD_TOO_LARGE' ? error.message : MSG.downloadError);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export type ZipDownload = Pick<ReturnType<typeof useZipDownload>, 'isPending' | 'progress'>;
