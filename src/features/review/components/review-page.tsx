import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { StatusTabs } from '@/components/creative/status-tabs';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useReviewCounts } from '../api/get-review-counts';
import { ReviewList } from './review-list';

/** /admin/creatives: pending and rejected creatives with their counts; the tab lives in ?onglet. */
export function ReviewPage() {
  const { can } = useSession();
  const counts = useReviewCounts();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Validation des créas</h1>
          <p className="mt-1 text-sm text-slate-600">Approuvez ou refusez les créatives soumises par les agences.</p>
        </div>
        {can('creative:admin-form') ? (
          <Link to={paths.adminSubmit} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <FilePlus2 aria-hidden />
            Formulaire admin
          </Link>
        ) : null}
      </header>
      <StatusTabs label="Statut des créatives" counts={counts.data}>
        {(status) => <ReviewList status={status} />}
      </StatusTabs>
    </div>
  );
}
