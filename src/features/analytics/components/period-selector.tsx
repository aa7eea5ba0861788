import { PERIOD_LABELS, PERIODS, type Period } from '@domain/analytics';
import { Button } from '@/components/ui/button';

/** Today, yesterday, 3, 7, 30 (default), 90 days, all time: a row of toggle buttons. */
export function PeriodSelector({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <div
      role="group"
      aria-label="Période"
      className="inline-flex flex-wrap gap-1 self-start rounded-2xl border border-slate-200 bg-white p-1 sm:rounded-full"
    >
      {PERIODS.map((period) => (
        <Button
          key={period}
          variant="tab"
          size="sm"
          aria-pressed={period === value}
          data-state={period === value ? 'active' : undefined}
          onClick={() => onChange(period)}
        >
          {PERIOD_LABELS[period]}
        </Button>
      ))}
    </div>
  );
}
