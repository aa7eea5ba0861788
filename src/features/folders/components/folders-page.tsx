import { FolderPlus } from 'lucide-react';
import type * as React from 'react';
import { useSearchParams } from 'react-router';
import type { Folder } from '@domain/types';
import { useDeleteFolder } from '../api/delete-folder';
import { useFolders } from '../api/get-folders';
import { FOLDER_PARAM, withFolder } from '../url-state';
import { FolderCreatives } from './folder-creatives';
import { FolderList } from './folder-list';

/**
 * /folders: the user's folders on the left (create, rename, delete), the selected one's creatives on
 * the right; `renderFolderActions`: controls composed by the app beside the selected folder's name ('Partager').
 */
export function FoldersPage({ renderFolderActions }: { renderFolderActions?: (folder: Folder) => React.ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const folders = useFolders();
  const remove = useDeleteFolder();
  const requested = params.get(FOLDER_PARAM);
  const selected = folders.data?.find((f) => f.id === requested) ?? folders.data?.[0] ?? null;

  const select = (folderId: string | null) => setParams(withFolder(params, folderId), { replace: true });

  const onDelete = (folder: Folder) => {
    if (!window.confirm(`Supprimer le dossier « ${folder.name} » ?`)) return;
    if (folder.id === requested) select(null);
    remove.mutate(folder.id);
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mes dossiers</h1>
        <p className="mt-1 text-sm text-slate-600">Rangez les créas qui vous inspirent dans des dossiers personnels.</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <FolderList
          folders={folders.data}
          isPending={folders.isPending}
          isError={folders.isError}
          selectedId={selected?.id ?? null}
          onCreated={(folder) => select(folder.id)}
          onDelete={onDelete}
        />
        {selected ? (
          <FolderCreatives key={selected.id} folder={selected} q={q} actions={renderFolderActions?.(selected)} />
        ) : folders.isSuccess ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <FolderPlus className="size-10 text-slate-300" aria-hidden />
            <p className="font-medium text-slate-800">Commencez par créer un dossier</p>
            <p className="max-w-sm text-sm text-slate-600">
              Donnez-lui un nom dans « Nouveau dossier », puis ajoutez-y des créas depuis la galerie.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
