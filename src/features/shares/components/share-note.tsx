import { StickyNote } from 'lucide-react';

/** The owner's note on a creative, shown on a link that includes the notes. */
export function ShareNote({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return (
    <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <StickyNote className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <span>
        <span className="sr-only">Note : </span>
        {note}
      </span>
    </p>
  );
}
