import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { activeFilterGroups, type GalleryFilters } from '@domain/gallery-filters';
import { Button } from '@/components/ui/button';

const FilterDialog = lazy(() => import('./filter-dialog'));

/**
 * The 'Filtres' button (with how many groups are active) and the dialog it opens. It keeps its
 * own open state, so opening the dialog renders the dialog alone, not the gallery's cards beside it
 * (INP of opening the filters on a phone).
 */
export function FiltersButton({ filters, q, onApply }: { filters: GalleryFilters; q: string; onApply: (filters: GalleryFilters) => void }) {
  const [open, setOpen] = useState(false);
  const count = activeFilterGroups(filters);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <SlidersHorizontal aria-hidden />
        Filtres
        {count > 0 ? (
          <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs text-white">
            {count}
          </span>
        ) : null}
      </Button>
      <Suspense fallback={null}>
        {open ? <FilterDialog initial={filters} q={q} onApply={onApply} onClose={() => setOpen(false)} /> : null}
      </Suspense>
    </>
  );
}
