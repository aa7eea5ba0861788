import type { Page } from '@domain/types';

/**
 * 'Résultats pour « … »' above a searched list; when the typed term found nothing and the server
 * searched a corrected one (a typo), that term, and what was typed.
 */
export function SearchSummary({ q, firstPage }: { q: string; firstPage: Page<unknown> | undefined }) {
  const term = q.trim();
  if (!term) return null;
  const searchedFor = firstPage?.searchedFor;
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      Résultats pour « <strong>{searchedFor ?? term}</strong> »{searchedFor ? <> (aucun résultat pour « {term} »)</> : null}
    </p>
  );
}
