import { FilePlus2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { TabCount, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import type { ReviewStatus } from '../api/get-review-creatives';
import { useReviewCounts } from '../api/get-review-counts';
import { ReviewList } from './review-list';

const TABS: { value: ReviewStatus; label: string }[] = [
  { value: 'pending', label: 'En attente' },
  { value: 'rejected', label: 'Refusées' },
];

/** /admin/creatives: pending and rejected creatives with their counts; the tab lives in ?onglet. */
export function ReviewPage() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: ReviewStatus = params.get('onglet') === 'rejected' ? 'rejected' : 'pending';
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
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'rejected' ? { onglet: 'rejected' } : {}, { replace: true })}
        className="flex flex-col gap-6"
      >
        <TabsList aria-label="Statut des créatives">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} aria-label={counts.data ? `${t.label} (${counts.data[t.value]})` : t.label}>
              {t.label}
              <TabCount count={counts.data?.[t.value]} />
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <ReviewList status={t.value} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
