import { ImageOff } from 'lucide-react';
import type { Creative } from '../../../domain/types';
import { cn } from '../../lib/cn';
import { CreativeBadges } from './badges';

/** Full media of the detail page: image, or a video player with its poster; badges over it. */
export function MediaPreview({ creative, className }: { creative: Creative; className?: string }) {
  const ratio = creative.width && creative.height ? `${creative.width} / ${creative.height}` : undefined;
  return (
    <div className={cn('relative flex items-center justify-center overflow-hidden rounded-2xl bg-slate-900', className)}>
      {!creative.mediaUrl ? (
        <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-500">
          <ImageOff className="size-10" aria-hidden />
          <p>Média non disponible</p>
        </div>
      ) : creative.mediaType === 'video' ? (
        <video
          src={creative.mediaUrl}
          poster={creative.posterUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          className="max-h-[75vh] w-full bg-black object-contain"
          style={{ aspectRatio: ratio }}
          aria-label={`Vidéo : ${creative.name}`}
        />
      ) : (
        <img
          src={creative.mediaUrl}
          alt={creative.name}
          width={creative.width ?? undefined}
          height={creative.height ?? undefined}
          className="max-h-[75vh] w-full object-contain"
          style={{ aspectRatio: ratio }}
        />
      )}
      <CreativeBadges creative={creative} className="absolute left-3 top-3" />
    </div>
  );
}
