import { ImageOff } from 'lucide-react';
import { SHELL_MSG } from '@domain/messages-shell';
import { cn } from '@/lib/cn';

/** Shown when a creative has no media URL, or when its media fails to load. */
export function MediaUnavailable({ className, size = 'sm' }: { className?: string; size?: 'sm' | 'lg' }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 bg-slate-100 text-slate-500', className)}>
      <ImageOff className={size === 'lg' ? 'size-10' : 'size-8'} aria-hidden />
      <p className={size === 'lg' ? 'text-base' : 'text-xs'}>{SHELL_MSG.mediaUnavailable}</p>
    </div>
  );
}
