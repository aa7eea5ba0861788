import type { Analytics } from '@domain/types';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';

/** The six biggest contributors of the period, with how many creatives each submitted. */
export function TopContributors({ contributors }: { contributors: Analytics['topContributors'] }) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle>Top contributeurs</CardTitle>
      </CardHeader>
      <CardContent className="p-4 sm:p-6">
        {contributors.length === 0 ? (
          <p className="text-sm text-slate-500">Aucune contribution sur cette période</p>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-100">
            {contributors.map((c, i) => (
              <li key={`${c.userId}-${i}`} className="flex items-center gap-3 py-2.5">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{c.name}</span>
                <span className="shrink-0 text-sm tabular-nums text-slate-600">
                  {formatNumber(c.count)} créa{c.count > 1 ? 's' : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
