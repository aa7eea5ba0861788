import { Check, Folder as FolderIcon, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Folder } from '@domain/types';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useRenameFolder } from '../api/rename-folder';
import { useFolderNameForm } from '../folder-name';
import { withFolder } from '../url-state';

interface FolderListItemProps {
  folder: Folder;
  selected: boolean;
  onDelete: (folder: Folder) => void;
}

/** One folder of the left column: select it, rename it inline (Enter saves, Escape cancels, blur saves), delete it. */
export function FolderListItem({ folder, selected, onDelete }: FolderListItemProps) {
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // After Enter or Escape the focus goes back to the rename button; after a blur it stays where the user put it.
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);
  const endEdit = (byKeyboard: boolean) => {
    refocus.current = byKeyboard;
    setEditing(false);
  };
  const count = folder.creativeIds.length;
  return (
    <li
      className={cn(
        'group flex items-center gap-1 rounded-lg pr-1 transition-colors',
        selected ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {editing ? (
        <RenameInput folder={folder} onDone={endEdit} />
      ) : (
        <>
          <Link
            to={{ search: withFolder(params, folder.id).toString() }}
            aria-current={selected ? 'true' : undefined}
            className="flex min-w-0 flex-1 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium"
          >
            <FolderIcon className={cn('size-4 shrink-0', selected ? 'text-brand-700' : 'text-slate-400')} aria-hidden />
            <span className="truncate" title={folder.name}>
              {folder.name}
            </span>
            <span className="ml-auto shrink-0 rounded-full bg-white px-2 text-xs tabular-nums text-slate-500 ring-1 ring-slate-200">
              {count}
              <span className="sr-only">{count > 1 ? ' créas' : ' créa'}</span>
            </span>
          </Link>
          <Button
            ref={renameButton}
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-slate-500 [&_svg]:size-4"
            aria-label={`Renommer le dossier « ${folder.name} »`}
            title="Renommer"
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-slate-500 hover:bg-red-50 hover:text-red-700 [&_svg]:size-4"
            aria-label={`Supprimer le dossier « ${folder.name} »`}
            title="Supprimer"
            onClick={() => onDelete(folder)}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
    </li>
  );
}

function RenameInput({ folder, onDone }: { folder: Folder; onDone: (byKeyboard: boolean) => void }) {
  const rename = useRenameFolder();
  const form = useFolderNameForm(folder.name);
  const error = form.formState.errors.name?.message;
  // Enter or Escape ends the edit before the input unmounts; the blur that may follow must do nothing.
  const finished = useRef(false);
  // A save being checked: a blur that comes meanwhile (e.g. right after Enter) must not save again.
  const checking = useRef(false);

  const finish = (byKeyboard: boolean) => {
    finished.current = true;
    onDone(byKeyboard);
  };

  /**
   * Saves a valid, changed name. An invalid one (empty after trimming) is never saved: Enter shows
   * why and keeps editing, a blur gives up and keeps the old name.
   */
  const save = (byKeyboard: boolean) => {
    if (finished.current || checking.current) return;
    checking.current = true;
    void form
      .handleSubmit(
        ({ name }) => {
          if (name !== folder.name) rename.mutate({ id: folder.id, name });
          finish(byKeyboard);
        },
        () => {
          if (!byKeyboard) finish(false);
        },
      )()
      .finally(() => {
        checking.current = false;
      });
  };

  const nameField = form.register('name');
  const errorId = `rename-${folder.id}-error`;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 py-1 pl-1">
      <div className="flex items-center gap-1">
        <Input
          // The user just asked to rename: the field they opened takes the focus (Escape gives it back).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...nameField}
          onBlur={(e) => {
            void nameField.onBlur(e);
            save(false);
          }}
          onFocus={(e) => e.currentTarget.select()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save(true);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              finish(true);
            }
          }}
          aria-label={`Nouveau nom du dossier « ${folder.name} »`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="h-8 py-1"
        />
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 [&_svg]:size-4"
          aria-label="Enregistrer le nom"
          // Keeps the focus in the input so the click, not a blur, saves.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => save(true)}
        >
          <Check aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="px-1 text-xs text-red-600">
          {error}
        </p>
      ) : (
        <p className="px-1 text-xs text-slate-500">Entrée pour enregistrer, Échap pour annuler</p>
      )}
    </div>
  );
}
