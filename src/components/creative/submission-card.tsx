import { CopyCheck } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import type { Creative } from '@domain/types';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { CreativeCardHeader } from './card-header';
import { CreativeThumb } from './creative-thumb';
import { TagList } from './tag-list';

/** Three columns at most: the cards carry a row of buttons. */
export function SubmissionGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

/**
 * A pending or rejected creative in the validation and 'Mes créas' grids: media, name, advertiser,
 * optionally the submitter, the suspected original ('Doublon possible': the validation queue only), every
 * tag, the rejection reason, and the page's buttons in the footer.
 */
export function SubmissionCard({
  creative,
  showSubmitter = false,
  children,
}: {
  creative: Creative;
  showSubmitter?: boolean;
  children?: React.ReactNode;
}) {
  const href = paths.creative(creative.id);
  const submitter = creative.submitter ? `${creative.submitter.firstName} ${creative.submitter.lastName}`.trim() : '';
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Link to={href} tabIndex={-1} aria-hidden className="block">
        <CreativeThumb creative={creative} />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <CreativeCardHeader creative={creative}>
          <p className="text-xs text-slate-500">
            {showSubmitter ? <>Soumise par {submitter || 'Utilisateur inconnu'} · </> : 'Soumise le '}
            <time dateTime={creative.createdAt}>{formatDate(creative.createdAt)}</time>
          </p>
        </CreativeCardHeader>
        {creative.duplicateOf ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
              <CopyCheck className="size-3.5" aria-hidden />
              Doublon possible
            </span>
            <Link to={paths.creative(creative.duplicateOf)} className="font-medium text-brand-700 underline">
              Voir l’original
            </Link>
          </p>
        ) : null}
        <TagList creative={creative} />
        {creative.status === 'rejected' && creative.rejectionReason ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <strong className="font-semibold">Motif du refus :</strong> {creative.rejectionReason}
          </p>
        ) : null}
        {children ? <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">{children}</div> : null}
      </div>
    </article>
  );
}
