import { MessageCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type * as React from 'react';
import { Link } from 'react-router';
import type { Creative } from '@domain/types';
import { paths } from '@/config/paths';
import { creativeLinkState, type CreativeListRef } from '@/lib/creative-list';
import { cn } from '@/lib/cn';
import { CreativeBadges } from './badges';
import { CreativeCardHeader } from './card-header';
import { CreativeThumb } from './creative-thumb';
import { LikeButton } from './like-button';
import { TagList } from './tag-list';

/** The hover details of the media's classes: a chunk of their own (their labels), loaded after the first cards. */
const MediaClasses = lazy(() => import('./media-classes'));

export interface CreativeCardProps {
  creative: Creative;
  onToggleLike: (creative: Creative) => void;
  /** Extra controls in the card footer (add to folder, remove…). */
  actions?: React.ReactNode;
  showPreview?: boolean;
  eager?: boolean;
  /** The list the card is in: its page then steps through it (← / →) and goes back to it (Esc). */
  list?: CreativeListRef;
  /** Where the card leads (default: the creative's page), e.g. a share link's own detail page. */
  href?: string;
  /** Content under the tags (a folder's note…). */
  details?: React.ReactNode;
  /** Without the like button and the comment count (a share link's visitors can do neither). */
  readOnly?: boolean;
}

/** A creative in a grid: media, name, advertiser, tags, analysis preview, like and comment count. */
export function CreativeCard({
  creative,
  onToggleLike,
  actions,
  showPreview = true,
  eager,
  list,
  href = paths.creative(creative.id),
  details,
  readOnly = false,
}: CreativeCardProps) {
  const state = creativeLinkState(list);
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative">
        <Link to={href} state={state} tabIndex={-1} aria-hidden className="relative block">
          <CreativeThumb creative={creative} eager={eager} className="transition-transform duration-300 group-hover:scale-[1.01]" />
          <CreativeBadges creative={creative} className="absolute left-2 top-2" />
        </Link>
        <Suspense fallback={null}>
          <MediaClasses creative={creative} />
        </Suspense>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <CreativeCardHeader creative={creative} list={list} href={href} />
        <TagList creative={creative} max={5} />
        {details}
        {showPreview && creative.analysisPreview.length > 0 ? (
          <div className="flex flex-col gap-1.5 border-t border-slate-100 pt-3 text-sm text-slate-700">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Hook</p>
            {creative.analysisPreview.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <Link to={href} state={state} className="self-start text-sm font-medium text-brand-700 hover:underline">
              Voir plus...
            </Link>
          </div>
        ) : null}
        {readOnly && !actions ? null : (
          <div className="mt-auto flex items-center gap-2 pt-1">
            {readOnly ? null : (
              <>
                <LikeButton size="sm" liked={creative.likedByMe} count={creative.likes} onToggle={() => onToggleLike(creative)} />
                <span className="inline-flex items-center gap-1 text-sm text-slate-500" title="Commentaires">
                  <MessageCircle className="size-4" aria-hidden />
                  <span className="sr-only">Commentaires :</span>
                  {creative.commentCount}
                </span>
              </>
            )}
            {actions ? <div className="ml-auto flex items-center gap-1">{actions}</div> : null}
          </div>
        )}
      </div>
    </article>
  );
}

/** `className` may change the columns (merged: the later grid-cols win). */
export function CreativeGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', className)}>{children}</div>;
}
