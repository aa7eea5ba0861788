import { BadgeCheck, Sparkles } from 'lucide-react';
import type { Creative } from '@domain/types';
import { cn } from '@/lib/cn';

export const BADGE_LABELS = { junto: 'Junto X Angel Studio', tested: 'Tested & approved' } as const;

/** The 'Junto X Angel Studio' and 'Tested & approved' flags, over the media. */
export function CreativeBadges({
  creative,
  className,
}: {
  creative: Pick<Creative, 'isJuntoAngel' | 'testedAndApproved'>;
  className?: string;
}) {
  if (!creative.isJuntoAngel && !creative.testedAndApproved) return null;
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)}>
      {creative.isJuntoAngel ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-950/85 px-2.5 py-1 text-xs font-semibold text-white shadow">
          <Sparkles className="size-3.5 text-amber-300" aria-hidden />
          {BADGE_LABELS.junto}
        </span>
      ) : null}
      {creative.testedAndApproved ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white shadow">
          <BadgeCheck className="size-3.5" aria-hidden />
          {BADGE_LABELS.tested}
        </span>
      ) : null}
    </div>
  );
}
