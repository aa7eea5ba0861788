import { Star } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useRef } from 'react';
import { RATING_MAX, RATING_MIN } from '@domain/limits';
import { cn } from '@/lib/cn';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
const STEP: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

export const starLabel = (n: number) => `${n} étoile${n > 1 ? 's' : ''}`;

/** The rating an arrow, Home or End key gives, from the current one (or the focused star when none). */
export function ratingForKey(key: string, from: number): number | null {
  if (key === 'Home') return RATING_MIN;
  if (key === 'End') return RATING_MAX;
  const step = STEP[key];
  return step ? Math.min(RATING_MAX, Math.max(RATING_MIN, from + step)) : null;
}

/**
 * 1 to 5 stars as a Radix radio group: Tab reaches it, arrow keys (and Home / End) change the rating.
 * The keys are handled here rather than by Radix, which moves focus in a timer and checks the star only
 * if the key is still down by then: quick presses (and automated ones) moved focus without rating.
 */
export function StarRating({
  value,
  onChange,
  invalid,
  ...aria
}: {
  value: number | null;
  onChange: (value: number) => void;
  invalid?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const onKeyDownCapture = (e: React.KeyboardEvent) => {
    const focused = Number((e.target as HTMLElement).getAttribute('value')) || RATING_MIN;
    const next = ratingForKey(e.key, value ?? focused);
    if (next === null || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(next);
    root.current?.querySelector<HTMLElement>(`[role="radio"][value="${next}"]`)?.focus();
  };
  return (
    <RadioGroup.Root
      ref={root}
      value={value ? String(value) : ''}
      onValueChange={(v) => onChange(Number(v))}
      onKeyDownCapture={onKeyDownCapture}
      orientation="horizontal"
      aria-invalid={invalid}
      aria-required
      className="flex items-center gap-1"
      {...aria}
    >
      {STARS.map((n) => (
        <RadioGroup.Item
          key={n}
          value={String(n)}
          aria-label={starLabel(n)}
          // Empty stars in slate-500: the control must stay visible against white (3:1 non-text contrast, WCAG 1.4.11).
          className={cn(
            'rounded-md p-1 transition-colors hover:text-amber-500 focus-visible:outline-2 focus-visible:outline-brand-600',
            invalid ? 'text-red-600' : 'text-slate-500',
          )}
        >
          <Star className={cn('size-8', value !== null && n <= value ? 'fill-amber-400 text-amber-500' : '')} aria-hidden />
        </RadioGroup.Item>
      ))}
      <span className="ml-2 text-sm tabular-nums text-slate-600" aria-hidden>
        {value ? `${value} / ${RATING_MAX}` : ''}
      </span>
    </RadioGroup.Root>
  );
}
