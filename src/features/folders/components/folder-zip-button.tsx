import type { Folder } from '@domain/types';
import { ZipDownloadButton } from '@/components/ui/zip-download-button';
import { useDownloadFolderZip } from '../api/download-folder-zip';

/** 'Télécharger le dossier (ZIP)' on the folder's panel: every approved creative's original and a README.txt. */
export function FolderZipButton({ folder }: { folder: Folder }) {
  const download = useDownloadFolderZip();
  return (
    <ZipDownloadButton
      download={download}
      onClick={() => download.mutate(folder)}
      emptyHint={folder.creativeIds.length === 0 ? 'Ajoutez des créas à ce dossier pour pouvoir le télécharger.' : undefined}
    />
  );
}
