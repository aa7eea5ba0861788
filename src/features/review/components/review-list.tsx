import { ListStates } from '@/components/creative/list-states';
import { SubmissionCard, SubmissionGrid } from '@/components/creative/submission-card';
import { LoadMore } from '@/components/ui/load-more';
import { loadedItems } from '@/lib/pages';
import { useReviewCreatives, type ReviewStatus } from '../api/get-review-creatives';
import { ReviewActions } from './review-actions';

const EMPTY: Record<ReviewStatus, string> = {
  pending: 'Aucune créative en attente de validation',
  rejected: 'Aucune créative refusée',
};

/** One tab of the validation page: newest first (the backend sorts), page by page, with the review buttons. */
export function ReviewList({ status }: { status: ReviewStatus }) {
  const queue = useReviewCreatives(status);
  const items = loadedItems(queue.data);
  return (
    <ListStates
      isPending={queue.isPending}
      isError={queue.isError}
      isEmpty={items.length === 0 && !queue.hasNextPage}
      errorText="Impossible de charger les créatives. Veuillez réessayer."
      empty={<p className="font-medium text-slate-800">{EMPTY[status]}</p>}
    >
      <div className="flex flex-col gap-5">
        <SubmissionGrid>
          {items.map((creative) => (
            <SubmissionCard key={creative.id} creative={creative} showSubmitter>
              <ReviewActions creative={creative} />
            </SubmissionCard>
          ))}
        </SubmissionGrid>
        <LoadMore
          hasNextPage={queue.hasNextPage}
          isFetchingNextPage={queue.isFetchingNextPage}
          onLoadMore={() => void queue.fetchNextPage()}
        />
      </div>
    </ListStates>
  );
}
