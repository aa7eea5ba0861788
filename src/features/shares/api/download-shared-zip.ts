import { useGateway } from '@/gateway/context';
import { useZipDownload } from '@/lib/use-zip-download';

/** Saves the shared folder as a ZIP (links that allow downloads). */
export function useDownloadSharedZip() {
  const gateway = useGateway();
  return useZipDownload((token: string) => gateway.shares.downloadZip(token));
}
