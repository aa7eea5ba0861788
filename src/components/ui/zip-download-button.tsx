import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import type { ZipDownload } from '@/lib/use-zip-download';

/**
 * 'Télécharger le dossier (ZIP)': disabled, with `emptyHint` under it, while there is nothing to put
 * in; while an archive is built in the page (Firebase) it shows how many files are in, announced to
 * screen readers.
 */
export function ZipDownloadButton({ download, onClick, emptyHint }: { download: ZipDownload; onClick: () => void; emptyHint?: string }) {
  const hintId = useId();
  const { progress } = download;
  const preparing = progress ? `Préparation du ZIP… ${progress.done}/${progress.total}` : 'Préparation du ZIP…';
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Button
        variant="outline"
        size="sm"
        disabled={Boolean(emptyHint) || download.isPending}
        aria-describedby={emptyHint ? hintId : undefined}
        onClick={onClick}
      >
        <Download aria-hidden />
        {download.isPending ? preparing : 'Télécharger le dossier (ZIP)'}
      </Button>
      {emptyHint && (
        <p id={hintId} className="text-xs text-slate-600">
          {emptyHint}
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
