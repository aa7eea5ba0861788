import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Heart toggle with the like count; aria-pressed tells whether the viewer likes it. */
export function LikeButton({
  liked,
  count,
  onToggle,
  size = 'md',
  className,
}: {
  liked: boolean;
  count: number;
  onToggle: () => void;
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={liked ? `Je n'aime plus (${count} j'aime)` : `J'aime (${count} j'aime)`}
      onClick={onToggle}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border font-medium transition-colors',
        size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-10 px-4 text-sm',
        liked
          ? 'border-rose-200 bg-rose-50 text-rose-600 hover:bg-rose-100'
          : 'border-slate-200 bg-white text-slate-700 hover:border-rose-300 hover:text-rose-600',
        className,
      )}
    >
      <Heart className={cn(size === 'sm' ? 'size-4' : 'size-5', liked && 'fill-current')} aria-hidden />
      <span>{count}</span>
    </button>
  );
}
