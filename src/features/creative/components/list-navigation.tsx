import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { CreativeListNavigation } from '@/lib/creative-list';

const backClass = 'inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700';

/**
 * The top of the detail page: opened from a list, 'Retour à la liste' (to the same place) and the
 * previous / next creative of that list; opened directly, 'Retour à la galerie'.
 */
export function ListNavigation({ nav }: { nav: CreativeListNavigation | null }) {
  if (!nav) {
    return (
      <Link to={paths.home} className={cn(backClass, 'self-start')}>
        <ArrowLeft className="size-4" aria-hidden />
        Retour à la galerie
      </Link>
    );
  }
  return (
    <nav aria-label="Liste des créatives" className="flex items-center justify-between gap-3">
      <Link
        to={nav.from}
        className={backClass}
        onClick={(e) => {
          e.preventDefault();
          nav.backToList();
        }}
      >
        <ArrowLeft className="size-4" aria-hidden />
        Retour à la liste
      </Link>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" aria-label="Créative précédente" disabled={!nav.prev} onClick={nav.goPrev}>
          <ChevronLeft aria-hidden />
          <span className="hidden sm:inline">Précédente</span>
        </Button>
        <Button variant="outline" size="sm" aria-label="Créative suivante" disabled={!nav.next && !nav.hasMore} onClick={nav.goNext}>
          <span className="hidden sm:inline">Suivante</span>
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
