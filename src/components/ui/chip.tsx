import type * as React from 'react';
import { cn } from '@/lib/cn';

/** A small tag; pass `selected` to use it as a toggle (aria-pressed). */
export function Chip({ className, selected, ...props }: React.ComponentProps<'span'> & { selected?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-slate-100 text-slate-700',
        className,
      )}
      {...props}
    />
  );
}

export function ToggleChip({ className, selected, ...props }: React.ComponentProps<'button'> & { selected: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cn(
        'inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium transition-colors',
        selected
          ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700',
        className,
      )}
      {...props}
    />
  );
}
