import { ListStates } from '@/components/creative/list-states';
import { SubmissionCard, SubmissionGrid } from '@/components/creative/submission-card';
import { useReviewCreatives, type ReviewStatus } from '../api/get-review-creatives';
import { ReviewActions } from './review-actions';

const EMPTY: Record<ReviewStatus, string> = {
  pending: 'Aucune créative en attente de validation',
  rejected: 'Aucune créative refusée',
};

/** One tab of the validation page: newest first (the backend sorts), with the review buttons. */
export function ReviewList({ status }: { status: ReviewStatus }) {
  const { data, isPending, isError } = useReviewCreatives(status);
  return (
    <ListStates
      isPending={isPending}
      isError={isError}
      isEmpty={data?.length === 0}
      errorText="Impossible de charger les créatives. Veuillez réessayer."
      empty={<p className="font-medium text-slate-800">{EMPTY[status]}</p>}
    >
      <SubmissionGrid>
        {data?.map((creative) => (
          <SubmissionCard key={creative.id} creative={creative} showSubmitter>
            <ReviewActions creative={creative} />
          </SubmissionCard>
        ))}
      </SubmissionGrid>
    </ListStates>
  );
}
