import { Link } from 'react-router';
import { ListStates } from '@/components/creative/list-states';
import { SubmissionCard, SubmissionGrid } from '@/components/creative/submission-card';
import { buttonVariants } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { loadedItems } from '@/lib/pages';
import { useAgencyCreatives, type AgencyStatus } from '../api/get-agency-creatives';

const EMPTY: Record<AgencyStatus, { title: string; text: string }> = {
  pending: { title: 'Aucune créative en attente', text: 'Vos créatives apparaissent ici le temps de leur validation.' },
  rejected: { title: 'Aucune créative refusée', text: 'Les créatives refusées apparaissent ici avec le motif du refus.' },
};

export function AgencyList({ status }: { status: AgencyStatus }) {
  const list = useAgencyCreatives(status);
  const items = loadedItems(list.data);
  return (
    <ListStates
      isPending={list.isPending}
      isError={list.isError}
      isEmpty={items.length === 0 && !list.hasNextPage}
      errorText="Impossible de charger vos créatives. Veuillez réessayer."
      empty={
        <>
          <p className="font-medium text-slate-800">{EMPTY[status].title}</p>
          <p className="text-sm text-slate-600">{EMPTY[status].text}</p>
          <Link to={paths.submit} className={buttonVariants({ variant: 'outline' })}>
            Ajouter une créa
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <SubmissionGrid>
          {items.map((creative) => (
            <SubmissionCard key={creative.id} creative={creative} />
          ))}
        </SubmissionGrid>
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </div>
    </ListStates>
  );
}
