import { useState } from 'react';
import type { Creative } from '@domain/types';
import { cn } from '@/lib/cn';
import { CreativeBadges } from './badges';
import { MediaUnavailable } from './media-unavailable';
import { ResponsivePicture } from './responsive-picture';

/** Full media of the detail page: image, or a video player with its poster (the video loads only when played); badges over it. */
export function MediaPreview({ creative, className }: { creative: Creative; className?: string }) {
  const ratio = creative.width && creative.height ? `${creative.width} / ${creative.height}` : undefined;
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn('relative flex items-center justify-center overflow-hidden rounded-2xl bg-slate-900', className)}>
      {!creative.mediaUrl || failed ? (
        <MediaUnavailable size="lg" className="aspect-[4/5] w-full" />
      ) : creative.mediaType === 'video' ? (
        <video
          src={creative.mediaUrl}
          poster={creative.posterUrl ?? undefined}
          controls
          playsInline
          preload="none"
          className="max-h-[75vh] w-full bg-black object-contain"
          style={{ aspectRatio: ratio }}
          aria-label={`Vidéo : ${creative.name}`}
          onError={() => setFailed(true)}
        />
      ) : (
        <ResponsivePicture
          sources={creative.sources}
          place="detail"
          src={creative.mediaUrl}
          alt={creative.name}
          fetchPriority="high"
          width={creative.width ?? undefined}
          height={creative.height ?? undefined}
          className="max-h-[75vh] w-full object-contain"
          style={{ aspectRatio: ratio }}
          onError={() => setFailed(true)}
        />
      )}
      <CreativeBadges creative={creative} className="absolute left-3 top-3" />
    </div>
  );
}
