import { FolderOpen } from 'lucide-react';
import type { Folder } from '@domain/types';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CreateFolderForm } from './create-folder-form';
import { FolderListItem } from './folder-list-item';

interface FolderListProps {
  folders: Folder[] | undefined;
  isPending: boolean;
  isError: boolean;
  selectedId: string | null;
  onCreated: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

/** Left column of /folders: the create form, then the user's folders. */
export function FolderList({ folders, isPending, isError, selectedId, onCreated, onDelete }: FolderListProps) {
  return (
    <Card className="flex flex-col gap-4 p-4">
      <CreateFolderForm onCreated={onCreated} />
      <nav aria-labelledby="folder-list-title" className="flex flex-col gap-2 border-t border-slate-100 pt-4">
        <h2 id="folder-list-title" className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
          Liste des dossiers{folders ? ` (${folders.length})` : ''}
        </h2>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : isError ? (
          <p role="alert" className="px-1 text-sm text-red-700">
            Impossible de charger vos dossiers.
          </p>
        ) : !folders?.length ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-3 py-6 text-center">
            <FolderOpen className="size-8 text-slate-300" aria-hidden />
            <p className="text-sm font-medium text-slate-800">Aucun dossier</p>
            <p className="text-xs text-slate-500">Créez votre premier dossier pour y ranger vos créas préférées.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {folders.map((folder) => (
              <FolderListItem key={folder.id} folder={folder} selected={folder.id === selectedId} onDelete={onDelete} />
            ))}
          </ul>
        )}
      </nav>
    </Card>
  );
}
