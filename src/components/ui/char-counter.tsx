import { COUNTER_WARNING_AT } from '@domain/limits';
import { cn } from '@/lib/cn';

export function remainingLabel(remaining: number): string {
  return `${remaining} caractères restants`;
}

/**
 * '{n} caractères restants' under a text field; red at COUNTER_WARNING_AT or fewer (spec §5).
 * Give it an `id` and put that id in the field's aria-describedby. It becomes a polite live
 * region only near the limit, so screen readers are not told every keystroke.
 */
export function CharCounter({ id, length, max, className }: { id?: string; length: number; max: number; className?: string }) {
  const remaining = max - length;
  const warning = remaining <= COUNTER_WARNING_AT;
  return (
    <span
      id={id}
      aria-live={warning ? 'polite' : 'off'}
      className={cn('text-xs tabular-nums', warning ? 'font-medium text-red-600' : 'text-slate-500', className)}
    >
      {remainingLabel(remaining)}
    </span>
  );
}
