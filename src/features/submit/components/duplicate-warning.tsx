import { CopyCheck } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '@domain/messages';
import type { DuplicateCheck } from '@domain/types';
import { paths } from '@/config/paths';

/** Whether a check found anything to warn about. */
export const foundDuplicate = (check: DuplicateCheck | undefined): check is DuplicateCheck =>
  Boolean(check && (check.matches.length > 0 || check.hiddenMatch));

/**
 * 'Cette créative semble déjà présente' (issue 18) under the chosen file: each match the viewer may open
 * (picture, name, advertiser, link), or only the fact when they may not. Sending stays possible: the
 * form's own button continues (`continueHint` says so).
 */
export function DuplicateWarning({ check, continueHint }: { check: DuplicateCheck | undefined; continueHint: string }) {
  if (!foundDuplicate(check)) return null;
  return (
    <section
      role="status"
      aria-labelledby="duplicate-warning-title"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="duplicate-warning-title" className="flex items-center gap-2 font-semibold">
        <CopyCheck className="size-5 shrink-0 text-amber-700" aria-hidden />
        {MSG.duplicateFound}
      </h3>
      {check.matches.length ? (
        <ul className="flex flex-col gap-2">
          {check.matches.map(({ creative, exact }) => {
            const picture = creative.thumbUrl ?? creative.posterUrl;
            return (
              <li key={creative.id} className="flex items-center gap-3 rounded-lg bg-white p-2 shadow-sm">
                {picture ? (
                  <img src={picture} alt="" className="size-14 shrink-0 rounded-md object-cover" loading="lazy" />
                ) : (
                  <span className="size-14 shrink-0 rounded-md bg-slate-200" aria-hidden />
                )}
                <div className="flex min-w-0 flex-col">
                  <Link to={paths.creative(creative.id)} target="_blank" className="truncate font-semibold text-brand-700 underline">
                    {creative.name}
                  </Link>
                  <span className="truncate text-slate-700">{creative.advertiser}</span>
                  <span className="text-xs text-slate-600">{exact ? 'Fichier identique' : 'Visuel très proche'}</span>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {check.hiddenMatch && !check.matches.length ? <p>Une créative identique ou très proche a déjà été soumise.</p> : null}
      <p>{continueHint}</p>
    </section>
  );
}
