import { zodResolver } from '@hookform/resolvers/zod';
import { StickyNote } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MSG } from '@domain/messages';
import { noteInput, type NoteInput } from '@domain/schemas/share';
import { NOTE_MAX } from '@domain/shares';
import type { FolderCreative } from '@domain/types';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Field, Textarea } from '@/components/ui/field';
import { messageOf } from '@/lib/errors';
import { useSetFolderNote } from '../api/set-folder-note';

type NoteValues = z.output<typeof noteInput>;

/**
 * The owner's private note on a creative of the folder: shown under the tags, edited in place
 * ('Note' opens it; Enter or 'Enregistrer' saves, Shift+Enter goes to the line, Escape cancels).
 */
export function FolderNote({ folderId, creative }: { folderId: string; creative: FolderCreative }) {
  const [editing, setEditing] = useState(false);

  if (!editing) {
    return (
      <div className="flex flex-col items-start gap-1.5">
        {creative.note ? (
          <p className="flex w-full gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
            <StickyNote className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            <span className="min-w-0 break-words">
              <span className="sr-only">Note : </span>
              {creative.note}
            </span>
          </p>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-slate-600"
          onClick={() => setEditing(true)}
          aria-label={`${creative.note ? 'Modifier la note' : 'Ajouter une note'} sur « ${creative.name} »`}
        >
          <StickyNote aria-hidden />
          Note
        </Button>
      </div>
    );
  }
  return <NoteEditor folderId={folderId} creative={creative} onDone={() => setEditing(false)} />;
}

/** The open editor, starting from the saved note; it closes once the note is saved, or on 'Annuler'. */
function NoteEditor({ folderId, creative, onDone }: { folderId: string; creative: FolderCreative; onDone: () => void }) {
  const save = useSetFolderNote();
  const form = useForm<NoteInput, unknown, NoteValues>({ resolver: zodResolver(noteInput), defaultValues: { note: creative.note ?? '' } });
  const counterId = `${useId()}-counter`;
  const error = form.formState.errors.note?.message;
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  // Opening the editor moves the focus into it (the 'Note' button it replaces is gone).
  useEffect(() => form.setFocus('note'), [form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { folderId, creativeId: creative.id, note: values.note },
      { onSuccess: onDone, onError: (err) => form.setError('note', { message: messageOf(err, MSG.noteError) }) },
    ),
  );

  return (
    <form className="flex flex-col gap-1.5" noValidate onSubmit={onSubmit}>
      <Field
        label={`Note sur « ${creative.name} »`}
        error={error}
        hint={<CharCounter id={counterId} length={note.trim().length} max={NOTE_MAX} />}
      >
        {(a11y) => (
          <Textarea
            {...a11y}
            className="min-h-20"
            {...form.register('note')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void onSubmit();
              } else if (e.key === 'Escape') {
                e.stopPropagation();
                onDone();
              }
            }}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Enregistrer
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
