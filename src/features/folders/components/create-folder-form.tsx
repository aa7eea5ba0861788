import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Folder } from '../../../../domain/types';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { useCreateFolder } from '../api/create-folder';
import { parseFolderName } from '../folder-name';

/** 'Nouveau dossier': a name (required after trimming) and a create button. */
export function CreateFolderForm({ onCreated }: { onCreated?: (folder: Folder) => void }) {
  const create = useCreateFolder();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseFolderName(name);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    create.mutate(parsed.name, {
      onSuccess: (folder) => {
        setName('');
        onCreated?.(folder);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Field label="Nouveau dossier" error={error}>
        {(a11y) => (
          <div className="flex gap-2">
            <Input
              {...a11y}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(undefined);
              }}
              placeholder="Nom du dossier"
              autoComplete="off"
            />
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
