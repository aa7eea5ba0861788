import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { SubmissionCard, SubmissionGrid } from '../../../components/creative/submission-card';
import { buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAgencyCreatives, type AgencyStatus } from '../api/get-agency-creatives';

const EMPTY: Record<AgencyStatus, { title: string; text: string }> = {
  pending: { title: 'Aucune créative en attente', text: 'Vos créatives apparaissent ici le temps de leur validation.' },
  rejected: { title: 'Aucune créative refusée', text: 'Les créatives refusées apparaissent ici avec le motif du refus.' },
};

export function AgencyList({ status }: { status: AgencyStatus }) {
  const { data, isPending, isError } = useAgencyCreatives(status);
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="py-10 text-center text-red-700">
        Impossible de charger vos créatives. Veuillez réessayer.
      </p>
    );
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Inbox className="size-10 text-slate-400" aria-hidden />
        <p className="font-medium text-slate-800">{EMPTY[status].title}</p>
        <p className="text-sm text-slate-600">{EMPTY[status].text}</p>
        <Link to={paths.submit} className={buttonVariants({ variant: 'outline' })}>
          Ajouter une créa
        </Link>
      </div>
    );
  }
  return (
    <SubmissionGrid>
      {data.map((creative) => (
        <SubmissionCard key={creative.id} creative={creative} />
      ))}
    </SubmissionGrid>
  );
}
