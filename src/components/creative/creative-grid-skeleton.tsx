import { CreativeGrid } from './creative-card';

/**
 * The shapes of a page of cards while a gallery loads: the grid and the card of CreativeCard
 * (a 4:5 picture, name, advertiser, tags, footer), so the cards take their place instead of
 * pushing the page down from a small spinner.
 */
export function CreativeGridSkeleton({ count = 8, className }: { count?: number; className?: string }) {
  return (
    <div role="status">
      <span className="sr-only">Chargement…</span>
      <CreativeGrid className={className}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} aria-hidden className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="aspect-[4/5] w-full animate-pulse bg-slate-100" />
            <div className="flex flex-col gap-3 p-4">
              <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-100" />
              <div className="flex gap-2">
                <span className="h-6 w-16 rounded-full bg-slate-100" />
                <span className="h-6 w-12 rounded-full bg-slate-100" />
                <span className="h-6 w-20 rounded-full bg-slate-100" />
              </div>
              <div className="h-8 w-16 rounded-full bg-slate-100" />
            </div>
          </div>
        ))}
      </CreativeGrid>
    </div>
  );
}
