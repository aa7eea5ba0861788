import { useEffect, useState } from 'react';

/** A blob: URL for previewing a picked file, revoked when the file changes or the form unmounts. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // Synchronises with an external resource (a blob: URL that must be revoked), which is what
    // effects are for; the extra render happens only when the picked file changes.
    if (!file) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
