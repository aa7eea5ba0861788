import { Inbox } from 'lucide-react';
import { SubmissionCard, SubmissionGrid } from '../../../components/creative/submission-card';
import { Spinner } from '../../../components/ui/spinner';
import { useReviewCreatives, type ReviewStatus } from '../api/get-review-creatives';
import { ReviewActions } from './review-actions';

const EMPTY: Record<ReviewStatus, string> = {
  pending: 'Aucune créative en attente de validation',
  rejected: 'Aucune créative refusée',
};

/** One tab of the validation page: newest first (the backend sorts), with the review buttons. */
export function ReviewList({ status }: { status: ReviewStatus }) {
  const { data, isPending, isError } = useReviewCreatives(status);
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
        Impossible de charger les créatives. Veuillez réessayer.
      </p>
    );
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Inbox className="size-10 text-slate-400" aria-hidden />
        <p className="font-medium text-slate-800">{EMPTY[status]}</p>
      </div>
    );
  }
  return (
    <SubmissionGrid>
      {data.map((creative) => (
        <SubmissionCard key={creative.id} creative={creative} showSubmitter>
          <ReviewActions creative={creative} />
        </SubmissionCard>
      ))}
    </SubmissionGrid>
  );
}
