import { Plus } from 'lucide-react';
import type { Folder } from '@domain/types';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useCreateFolder } from '../api/create-folder';
import { useFolderNameForm } from '../folder-name';

/** 'Nouveau dossier': a name (required after trimming) and a create button. */
export function CreateFolderForm({ onCreated }: { onCreated?: (folder: Folder) => void }) {
  const create = useCreateFolder();
  const form = useFolderNameForm();
  const submit = form.handleSubmit(({ name }) => {
    create.mutate(name, {
      onSuccess: (folder) => {
        form.reset();
        onCreated?.(folder);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Field label="Nouveau dossier" error={form.formState.errors.name?.message}>
        {(a11y) => (
          <div className="flex gap-2">
            <Input {...a11y} {...form.register('name')} placeholder="Nom du dossier" autoComplete="off" />
            <Button type="submit" disabled={create.isPending} className="shrink-0">
              <Plus aria-hidden />
              Créer
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
