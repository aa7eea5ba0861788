import { CreativeCard, CreativeGrid } from '@/components/creative/creative-card';
import { CreativeGridSkeleton } from '@/components/creative/creative-grid-skeleton';
import { useLikeHandler } from '@/lib/use-like-handler';
import { useSimilarCreatives } from '../api/get-similar-creatives';

const GRID = 'grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-6';

/** 'Créatives similaires' under a creative: up to 6 sharing its tags; nothing at all when there are none. */
export function SimilarCreatives({ id }: { id: string }) {
  const { data, isPending, isError } = useSimilarCreatives(id);
  const onToggleLike = useLikeHandler();
  if (isError || (!isPending && data.length === 0)) return null;
  return (
    <section aria-labelledby="similar-title" className="flex flex-col gap-4 border-t border-slate-200 pt-8">
      <h2 id="similar-title" className="text-xl font-bold text-slate-900">
        Créatives similaires
      </h2>
      {isPending ? (
        <CreativeGridSkeleton count={6} className={GRID} />
      ) : (
        <CreativeGrid className={GRID}>
          {data.map((creative) => (
            <CreativeCard key={creative.id} creative={creative} onToggleLike={onToggleLike} showPreview={false} />
          ))}
        </CreativeGrid>
      )}
    </section>
  );
}
