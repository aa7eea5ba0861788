import { useMutation } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import { saveBlob } from '@/lib/save-file';

/** "Exporter mes données": fetches the JSON file and hands it to the browser's downloader. */
export function useExportMyData() {
  const gateway = useGateway();
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await gateway.myData.exportFile();
      saveBlob(blob, fileName);
    },
  });
}
