import { ScanText } from 'lucide-react';
import type { ReadingStatus } from '../media-reading/use-media-reading';

const MESSAGES: Record<Exclude<ReadingStatus, 'idle'>, string> = {
  reading: 'Lecture du texte…',
  read: 'Texte du média lu : il sera cherchable comme le nom.',
  empty: 'Aucun texte lu dans le média.',
  failed: 'Le texte du média n’a pas pu être lu : la créative sera envoyée sans.',
};

/**
 * Where the reading of the picked file is (Firebase mode): a polite live region always in the page, so
 * a screen reader hears each change without losing its place.
 */
export function MediaReadingStatus({ status }: { status: ReadingStatus }) {
  return (
    <p role="status" aria-live="polite" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
      {status === 'idle' ? null : (
        <>
          <ScanText className={status === 'reading' ? 'size-4 shrink-0 animate-pulse' : 'size-4 shrink-0'} aria-hidden />
          {MESSAGES[status]}
        </>
      )}
    </p>
  );
}
