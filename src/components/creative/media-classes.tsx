import type { Creative } from '@domain/types';
import { LENGTH_LABELS, MEDIA_FILTER_LABELS, SHAPE_LABELS } from '@domain/media-shape-labels';

/**
 * A card's hover details (issue 33): the media's proportions and, for a video, its length, over the
 * bottom-left of the media while the card is hovered or holds the focus. Read by screen readers at
 * all times (transparent, never hidden). Its own chunk, loaded after the first cards: the labels stay
 * out of the gallery's initial JavaScript (tests/budget).
 */
export default function MediaClasses({ creative }: { creative: Pick<Creative, 'shape' | 'lengthClass' | 'mediaType'> }) {
  const length = creative.mediaType === 'video' ? creative.lengthClass : null;
  if (!creative.shape && !length) return null;
  return (
    <dl className="pointer-events-none absolute bottom-2 left-2 flex gap-1.5 text-xs font-medium text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
      {creative.shape ? (
        <div className="rounded-full bg-slate-950/75 px-2 py-1">
          <dt className="sr-only">{MEDIA_FILTER_LABELS.shape}</dt>
          <dd>{SHAPE_LABELS[creative.shape]}</dd>
        </div>
      ) : null}
      {length ? (
        <div className="rounded-full bg-slate-950/75 px-2 py-1">
          <dt className="sr-only">{MEDIA_FILTER_LABELS.length}</dt>
          <dd>{LENGTH_LABELS[length]}</dd>
        </div>
      ) : null}
    </dl>
  );
}
