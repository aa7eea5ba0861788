import { Heart, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { Creative } from '@domain/types';
import { CreativeBadges } from '@/components/creative/badges';
import { CreativeCardHeader } from '@/components/creative/card-header';
import { CreativeThumb } from '@/components/creative/creative-thumb';
import { TagList } from '@/components/creative/tag-list';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Note : ${rating} sur 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={i < rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'} aria-hidden />
      ))}
    </span>
  );
}

/** The creative of the month or the featured analysis, shown large on the home page. */
export function HighlightCard({ creative, kind }: { creative: Creative; kind: 'month' | 'featured' }) {
  const href = paths.creative(creative.id);
  return (
    <div className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Link to={href} className="relative block bg-slate-100" tabIndex={-1} aria-hidden>
        <CreativeThumb creative={creative} eager place="highlight" className="h-full max-h-[28rem]" />
        <CreativeBadges creative={creative} className="absolute left-3 top-3" />
      </Link>
      <div className="flex flex-col gap-4 p-6">
        <CreativeCardHeader creative={creative} size="lg" />
        {kind === 'month' ? (
          <p className="inline-flex items-center gap-2 text-sm font-medium text-rose-600">
            <Heart className="size-4 fill-current" aria-hidden />
            {creative.likes} j'aime
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {creative.analyzedBy ? (
              <span>
                Analysée par <strong>{creative.analyzedBy}</strong>
              </span>
            ) : null}
            {creative.rating ? <Stars rating={creative.rating} /> : null}
          </p>
        )}
        <TagList creative={creative} />
        {creative.analysisPreview.length > 0 ? (
          <div className="flex flex-col gap-2 text-sm text-slate-700">
            {creative.analysisPreview.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        ) : null}
        <Link to={href} className={buttonVariants({ variant: 'outline', className: 'mt-auto self-start' })}>
          {kind === 'featured' ? "Lire l'analyse" : 'Voir la créa'}
        </Link>
      </div>
    </div>
  );
}
