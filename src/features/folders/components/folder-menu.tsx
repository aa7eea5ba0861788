import { Check, FolderCog, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCreateFolder } from '../api/create-folder';
import { useFolders } from '../api/get-folders';
import { useToggleFolderCreative } from '../api/toggle-folder-creative';
import { useFolderNameForm } from '../folder-name';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

interface FolderMenuProps {
  creativeId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement;
}

/** Loaded on first open by AddToFolderMenu. Ticking keeps the menu open so several folders can be chosen. */
export default function FolderMenu({ creativeId, open, onOpenChange, trigger }: FolderMenuProps) {
  const [creating, setCreating] = useState(false);
  const newFolderItem = useRef<HTMLDivElement>(null);
  // When the inline form closes, the focus goes back to 'Nouveau dossier' so arrow keys keep working.
  const wasCreating = useRef(false);
  useEffect(() => {
    if (!creating && wasCreating.current) newFolderItem.current?.focus();
    wasCreating.current = creating;
  }, [creating]);
  return (
    // Not modal: a modal menu hides the rest of the page from assistive tech (aria-hidden) while it stays
    // focusable (axe aria-hidden-focus); the ARIA menu pattern does not need it (Tab or a click outside closes it).
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setCreating(false);
      }}
    >
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          // Escape first closes the inline 'Nouveau dossier' form, then the menu.
          onEscapeKeyDown={(e) => {
            if (!creating) return;
            e.preventDefault();
            setCreating(false);
          }}
          collisionPadding={8}
          className="z-50 flex max-h-[min(26rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-1rem)] flex-col overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            Ajouter à un dossier
          </DropdownMenu.Label>
          <FolderItems creativeId={creativeId} />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {creating ? (
            <NewFolderForm creativeId={creativeId} onDone={() => setCreating(false)} />
          ) : (
            <DropdownMenu.Item
              ref={newFolderItem}
              className={itemClass}
              onSelect={(e) => {
                e.preventDefault();
                setCreating(true);
              }}
            >
              <Plus className="size-4 text-brand-700" aria-hidden />
              Nouveau dossier
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.folders}>
              <FolderCog className="size-4 text-slate-500" aria-hidden />
              Gérer mes dossiers
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function FolderItems({ creativeId }: { creativeId: string }) {
  const folders = useFolders();
  const toggle = useToggleFolderCreative();
  if (folders.isPending) {
    return (
      <div className="flex justify-center py-3">
        <Spinner />
      </div>
    );
  }
  if (folders.isError) {
    return <p className="px-2 py-2 text-sm text-red-700">Impossible de charger vos dossiers.</p>;
  }
  if (folders.data.length === 0) {
    return <p className="px-2 py-2 text-sm text-slate-500">Aucun dossier</p>;
  }
  return (
    <DropdownMenu.Group>
      {folders.data.map((folder) => {
        const checked = folder.creativeIds.includes(creativeId);
        return (
          <DropdownMenu.CheckboxItem
            key={folder.id}
            checked={checked}
            className={itemClass}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(add) => toggle.mutate({ folderId: folder.id, creativeId, add })}
          >
            <span
              className={cn(
                'flex size-4 shrink-0 items-center justify-center rounded border',
                checked ? 'border-brand-700 bg-brand-700' : 'border-slate-300 bg-white',
              )}
            >
              <DropdownMenu.ItemIndicator>
                <Check className="size-3 text-white" strokeWidth={3} aria-hidden />
              </DropdownMenu.ItemIndicator>
            </span>
            <span className="min-w-0 flex-1 truncate">{folder.name}</span>
            <span className="shrink-0 text-xs tabular-nums text-slate-400">{folder.creativeIds.length}</span>
          </DropdownMenu.CheckboxItem>
        );
      })}
    </DropdownMenu.Group>
  );
}

/** 'Nouveau dossier' inside the menu: creates the folder, then files the creative in it. */
function NewFolderForm({ creativeId, onDone }: { creativeId: string; onDone: () => void }) {
  const create = useCreateFolder();
  const toggle = useToggleFolderCreative();
  const form = useFolderNameForm();
  const error = form.formState.errors.name?.message;
  const errorId = useId();
  const submit = form.handleSubmit(({ name }) => {
    // mutateAsync: the creative is filed even if the menu was closed in the meantime.
    void create
      .mutateAsync(name)
      .then((folder) => {
        toggle.mutate({ folderId: folder.id, creativeId, add: true });
        onDone();
      })
      .catch(() => {}); // logged by useCreateFolder (spec §8)
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1 p-2">
      <div className="flex gap-1.5">
        <Input
          // The user just chose 'Nouveau dossier' in the menu: focus goes to the field it opened.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...form.register('name')}
          // The menu's typeahead would move the focus to an item matching the typed letter.
          onKeyDown={(e) => e.stopPropagation()}
          placeholder="Nom du dossier"
          aria-label="Nom du nouveau dossier"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="h-8 py-1"
        />
        <Button type="submit" size="sm" disabled={create.isPending}>
          Créer
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
