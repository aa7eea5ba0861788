import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { TabCount, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useAgencyCounts } from '../api/get-agency-counts';
import type { AgencyStatus } from '../api/get-agency-creatives';
import { AgencyList } from './agency-list';

const TABS: { value: AgencyStatus; label: string }[] = [
  { value: 'pending', label: 'En attente' },
  { value: 'rejected', label: 'Refusées' },
];

/** /agency/creatives ('Mes créas'): the agency's creatives waiting for validation or refused. */
export function AgencyPage() {
  const [params, setParams] = useSearchParams();
  const tab: AgencyStatus = params.get('onglet') === 'rejected' ? 'rejected' : 'pending';
  const counts = useAgencyCounts();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mes créas</h1>
          <p className="mt-1 text-sm text-slate-600">Suivez vos créatives en attente de validation ou refusées.</p>
        </div>
        <Link to={paths.submit} className={buttonVariants()}>
          <Plus aria-hidden />
          Ajouter une créa
        </Link>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'rejected' ? { onglet: 'rejected' } : {}, { replace: true })}
        className="flex flex-col gap-6"
      >
        <TabsList aria-label="Statut de mes créatives">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} aria-label={counts.data ? `${t.label} (${counts.data[t.value]})` : t.label}>
              {t.label}
              <TabCount count={counts.data?.[t.value]} />
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <AgencyList status={t.value} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
