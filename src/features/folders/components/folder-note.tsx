import { StickyNote } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MSG } from '@domain/messages';
import { noteInput } from '@domain/schemas/share';
import { NOTE_MAX } from '@domain/shares';
import type { FolderCreative } from '@domain/types';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Textarea } from '@/components/ui/field';
import { messageOf } from '@/lib/errors';
import { useSetFolderNote } from '../api/set-folder-note';

/**
 * The owner's private note on a creative of the folder: shown under the tags, edited in place
 * ('Note' opens it; Enter or 'Enregistrer' saves, Shift+Enter goes to the line, Escape cancels).
 */
export function FolderNote({ folderId, creative }: { folderId: string; creative: FolderCreative }) {
  const save = useSetFolderNote();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(creative.note ?? '');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // Opening the editor moves the focus into it (the 'Note' button it replaces is gone).
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  const submit = () => {
    const parsed = noteInput.safeParse({ note: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.noteMax);
    setError(undefined);
    save.mutate(
      { folderId, creativeId: creative.id, note: parsed.data.note },
      { onSuccess: () => setEditing(false), onError: (err) => setError(messageOf(err, MSG.noteError)) },
    );
  };

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
          onClick={() => {
            setText(creative.note ?? '');
            setEditing(true);
          }}
          aria-label={`${creative.note ? 'Modifier la note' : 'Ajouter une note'} sur « ${creative.name} »`}
        >
          <StickyNote aria-hidden />
          Note
        </Button>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-1.5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Note sur « {creative.name} »
      </label>
      <Textarea
        id={id}
        ref={field}
        value={text}
        className="min-h-20"
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(false);
          }
        }}
      />
      <CharCounter id={`${id}-counter`} length={text.trim().length} max={NOTE_MAX} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Enregistrer
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
