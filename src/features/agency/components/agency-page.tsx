import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { StatusTabs } from '@/components/creative/status-tabs';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAgencyCounts } from '../api/get-agency-counts';
import { AgencyList } from './agency-list';

/** /agency/creatives ('Mes créas'): the agency's creatives waiting for validation or refused. */
export function AgencyPage() {
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
      <StatusTabs label="Statut de mes créatives" counts={counts.data}>
        {(status) => <AgencyList status={status} />}
      </StatusTabs>
    </div>
  );
}
