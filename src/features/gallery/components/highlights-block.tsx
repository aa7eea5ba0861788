import { Award, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useHighlights } from '../api/get-highlights';
import { HighlightCard } from './highlight-card';

export const HIGHLIGHT_LABELS = {
  month: 'Créa du mois',
  featured: "L'analyse créa de la semaine",
  monthEmpty: 'Pas encore de créa du mois : likez vos créas préférées !',
  featuredEmpty: "Aucune analyse de la semaine pour l'instant.",
} as const;

/** 'Creative of the month' with a toggle to 'the creative analysis of the week' (spec §2 Home). */
export function HighlightsBlock() {
  const [kind, setKind] = useState<'month' | 'featured'>('month');
  const { data, isPending, isError } = useHighlights();
  const creative = kind === 'month' ? data?.creativeOfMonth : data?.featured;
  return (
    <section aria-labelledby="highlights-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="highlights-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {kind === 'month' ? HIGHLIGHT_LABELS.month : HIGHLIGHT_LABELS.featured}
        </h2>
        <div
          className="flex w-full rounded-2xl border border-slate-200 bg-white p-1 sm:inline-flex sm:w-auto sm:rounded-full"
          role="group"
          aria-label="Mise en avant"
        >
          <Button
            variant="tab"
            size="sm"
            className="h-auto min-h-8 flex-1 whitespace-normal py-1.5 sm:flex-none"
            aria-pressed={kind === 'month'}
            data-state={kind === 'month' ? 'active' : undefined}
            onClick={() => setKind('month')}
          >
            <Award aria-hidden />
            {HIGHLIGHT_LABELS.month}
          </Button>
          <Button
            variant="tab"
            size="sm"
            className="h-auto min-h-8 flex-1 whitespace-normal py-1.5 sm:flex-none"
            aria-pressed={kind === 'featured'}
            data-state={kind === 'featured' ? 'active' : undefined}
            onClick={() => setKind('featured')}
          >
            <Sparkles aria-hidden />
            {HIGHLIGHT_LABELS.featured}
          </Button>
        </div>
      </div>
      {isPending ? (
        <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" aria-busy="true" aria-label="Chargement" />
      ) : creative ? (
        <HighlightCard key={creative.id + kind} creative={creative} kind={kind} />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {isError
            ? 'Impossible de charger la mise en avant.'
            : kind === 'month'
              ? HIGHLIGHT_LABELS.monthEmpty
              : HIGHLIGHT_LABELS.featuredEmpty}
        </p>
      )}
    </section>
  );
}
