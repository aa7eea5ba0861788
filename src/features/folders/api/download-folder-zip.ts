import type { Folder } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { useZipDownload } from '@/lib/use-zip-download';

/** Saves the folder as a ZIP (the server's stream, or built in the page on Firebase). */
export function useDownloadFolderZip() {
  const gateway = useGateway();
  return useZipDownload((folder: Folder, onProgress) => gateway.folders.downloadZip(folder, onProgress));
}
