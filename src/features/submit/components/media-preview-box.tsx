import type { MediaType } from '@domain/vocabulary';

/** The picked (or current) image or video, contained in a dark box. */
export function MediaPreviewBox({ url, kind, label }: { url: string; kind: MediaType; label: string }) {
  return (
    <div className="flex max-h-96 items-center justify-center overflow-hidden rounded-xl bg-slate-900">
      {kind === 'video' ? (
        <video src={url} controls playsInline preload="metadata" className="max-h-96 w-full object-contain" aria-label={label} />
      ) : (
        <img src={url} alt={label} className="max-h-96 w-full object-contain" />
      )}
    </div>
  );
}
