import { Download } from 'lucide-react';
import { useId } from 'react';
import type { Folder } from '@domain/types';
import { Button } from '@/components/ui/button';
import { useDownloadFolderZip } from '../api/download-folder-zip';

/**
 * 'Télécharger le dossier (ZIP)' on the folder's panel: every approved creative's original and a
 * README.txt. Disabled, with the reason under it, while the folder is empty; while an archive is
 * built in the page (Firebase) it shows how many files are in, announced to screen readers.
 */
export function FolderZipButton({ folder }: { folder: Folder }) {
  const download = useDownloadFolderZip();
  const hintId = useId();
  const empty = folder.creativeIds.length === 0;
  const { progress } = download;
  const preparing = progress ? `Préparation du ZIP… ${progress.done}/${progress.total}` : 'Préparation du ZIP…';
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Button
        variant="outline"
        size="sm"
        disabled={empty || download.isPending}
        aria-describedby={empty ? hintId : undefined}
        onClick={() => download.mutate(folder)}
      >
        <Download aria-hidden />
        {download.isPending ? preparing : 'Télécharger le dossier (ZIP)'}
      </Button>
      {empty && (
        <p id={hintId} className="text-xs text-slate-600">
          Ajoutez des créas à ce dossier pour pouvoir le télécharger.
        </p>
      )}
      {progress && (
        <progress
          aria-label="Préparation du ZIP"
          max={Math.max(progress.total, 1)}
          value={progress.done}
          className="h-1.5 w-48 overflow-hidden rounded-full accent-indigo-600"
        />
      )}
      <span role="status" className="sr-only">
        {download.isPending ? preparing : ''}
      </span>
    </div>
  );
}
