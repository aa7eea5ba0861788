import { useEffect, useRef, useState } from 'react';
import type { MediaReading } from '@/gateway/types';
import { READING_DEADLINE_MS, settleBy } from './reading-plan';

export type ReadingStatus = 'idle' | 'reading' | 'read' | 'empty' | 'failed';

interface Pending {
  file: File;
  deadline: number;
  result: Promise<MediaReading | null>;
}

/** A little more than the OCR's own deadline: the time to return the frames read and free the worker. */
const GRACE_MS = 1500;

/**
 * Reads the picked file in the browser as soon as it is picked (read-media.ts, loaded then), while the
 * rest of the form is filled in. `settle()` gives the reading for the submission: at once when done,
 * else when done or at the deadline (READING_DEADLINE_MS after the pick) — null when it failed, and
 * the creative is then sent without. `enabled`: Firebase mode only (the server reads the media itself).
 */
export function useMediaReading(file: File | null, enabled: boolean) {
  const pending = useRef<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ file: File; status: ReadingStatus } | null>(null);

  useEffect(() => {
    if (!enabled || !file) return;
    const abort = new AbortController();
    const deadline = Date.now() + READING_DEADLINE_MS;
    const work = import('./read-media').then(({ readMedia }) => readMedia(file, { deadline, signal: abort.signal }));
    const result = settleBy<MediaReading | null>(work, deadline + GRACE_MS, null);
    pending.current = { file, deadline, result };
    void result.then((reading) => {
      if (abort.signal.aborted) return;
      setOutcome({ file, status: reading === null ? 'failed' : reading.text ? 'read' : 'empty' });
    });
    return () => abort.abort();
  }, [file, enabled]);

  const status: ReadingStatus = !enabled || !file ? 'idle' : outcome?.file === file ? outcome.status : 'reading';
  return {
    status,
    /** The reading of `file` for its submission (null: none, or it failed or took too long). */
    settle(): Promise<MediaReading | null> {
      const current = pending.current;
      return enabled && file && current?.file === file ? current.result : Promise.resolve(null);
    },
  };
}
