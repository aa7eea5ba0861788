import { Play } from 'lucide-react';
import { useState } from 'react';
import type { Creative } from '@domain/types';
import { cn } from '@/lib/cn';
import { useHoverPlay } from './hover-play';
import { MediaUnavailable } from './media-unavailable';
import { ResponsivePicture } from './responsive-picture';

/**
 * Card media: the responsive AVIF/WebP variants (or the card WebP, or a video's poster), lazy-loaded
 * with its aspect ratio reserved and its average colour shown until it arrives. A video plays muted
 * over its poster on hover (or a tap on touch screens): no video byte is fetched before.
 */
export function CreativeThumb({
  creative,
  className,
  eager = false,
  place = 'card',
}: {
  creative: Creative;
  className?: string;
  eager?: boolean;
  /** Where it is shown, for the responsive variants' `sizes`. */
  place?: 'card' | 'highlight';
}) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : (creative.thumbUrl ?? creative.posterUrl);
  const ratio = creative.width && creative.height ? `${creative.width} / ${creative.height}` : '4 / 5';
  const videoUrl = creative.mediaType === 'video' ? creative.mediaUrl : null;
  const { playing, handlers } = useHoverPlay(videoUrl !== null);
  return (
    <div
      className={cn('relative w-full overflow-hidden bg-slate-100', className)}
      style={{ aspectRatio: ratio, backgroundColor: creative.placeholderColor ?? undefined }}
      {...handlers}
    >
      {src ? (
        <ResponsivePicture
          sources={failed ? null : creative.sources}
          place={place}
          src={src}
          alt={creative.name}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          width={creative.width ?? undefined}
          height={creative.height ?? undefined}
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <MediaUnavailable className="absolute inset-0" />
      )}
      {playing && videoUrl ? <HoverVideo src={videoUrl} /> : null}
      {creative.mediaType === 'video' ? (
        <span className="absolute bottom-2 right-2 inline-flex items-center gap-1 rounded-full bg-slate-950/75 px-2 py-1 text-xs font-medium text-white">
          <Play className="size-3.5 fill-current" aria-hidden />
          Vidéo
        </span>
      ) : null}
    </div>
  );
}

/** Starts the video muted; when it goes, stops it and drops its source so the download stops too. */
function attachHoverVideo(video: HTMLVideoElement | null) {
  if (!video) return;
  video.muted = true;
  void video.play().catch(() => undefined);
  return () => {
    video.pause();
    video.removeAttribute('src');
    video.load();
  };
}

/** The playing video, over the poster in the same box. */
function HoverVideo({ src }: { src: string }) {
  return (
    <video
      ref={attachHoverVideo}
      src={src}
      muted
      loop
      playsInline
      autoPlay
      aria-hidden
      className="absolute inset-0 size-full object-cover"
    />
  );
}
