import { useSearchParams } from 'react-router';
import { PERIOD_LABELS, type Period } from '@domain/analytics';
import { CATEGORY_LABELS, type CategoryKey } from '@domain/vocabulary';
import { Spinner } from '@/components/ui/spinner';
import { useAnalytics } from '../api/get-analytics';
import { readPeriod } from '../url-state';
import { BreakdownCard } from './breakdown-card';
import { PeriodSelector } from './period-selector';
import { StatCards } from './stat-cards';
import { TopContributors } from './top-contributors';

/** Short lists side by side, then the two long ones (Type: 23 values, Secteur: 15) together. */
const LAYOUT_ORDER: CategoryKey[] = ['format', 'objective', 'platform', 'type', 'sector'];

/** /admin/analytics (specialist, admin): totals, analysed share, top contributors and breakdowns of a period. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params);
  const analytics = useAnalytics(period);
  const data = analytics.data;

  const choose = (next: Period) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('period', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Analytics</h1>
          <p className="mt-1 text-sm text-slate-600">
            Période : <strong className="font-semibold text-slate-800">{PERIOD_LABELS[period]}</strong>
            {analytics.isFetching && data ? <Spinner className="ml-2 size-4 align-middle" label="Mise à jour…" /> : null}
          </p>
        </div>
        <PeriodSelector value={period} onChange={choose} />
      </header>
      {analytics.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      ) : analytics.isError || !data ? (
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-700">
          Impossible de charger les statistiques. Veuillez réessayer.
        </p>
      ) : (
        <div className={analytics.isPlaceholderData ? 'flex flex-col gap-6 opacity-60 transition-opacity' : 'flex flex-col gap-6'}>
          <StatCards analytics={data} />
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <TopContributors contributors={data.topContributors} />
            {LAYOUT_ORDER.map((key) => (
              <BreakdownCard key={key} category={CATEGORY_LABELS[key]} buckets={data.breakdowns[key]} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
