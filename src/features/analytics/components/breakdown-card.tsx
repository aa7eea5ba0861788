import { lazy, Suspense } from 'react';
import type { CountBucket } from '@domain/types';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { formatPercent } from '../format';

const BreakdownChart = lazy(() => import('./breakdown-chart'));

/** One category: the chart of the values used in the period, and the full table (label, count, share). */
export function BreakdownCard({ category, buckets }: { category: string; buckets: CountBucket[] }) {
  const used = buckets.filter((b) => b.count > 0);
  return (
    <Card className="flex flex-col">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle>{category}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 p-4 sm:p-6">
        {used.length === 0 ? (
          <p className="text-sm text-slate-500">Aucune créative sur cette période</p>
        ) : (
          <div aria-hidden>
            <Suspense fallback={<div className="animate-pulse rounded-lg bg-slate-100" style={{ height: used.length * 30 + 56 }} />}>
              <BreakdownChart category={category} buckets={used} />
            </Suspense>
          </div>
        )}
        <details className="group text-sm">
          <summary className="cursor-pointer select-none font-medium text-brand-700 hover:underline">Voir le tableau des valeurs</summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{`Répartition par ${category.toLowerCase()}`}</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  {category}
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                  Créatives
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Part
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {buckets.map((b) => (
                <tr key={b.label}>
                  <th scope="row" className="py-1.5 pr-2 font-normal text-slate-800">
                    {b.label}
                  </th>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{formatNumber(b.count)}</td>
                  <td className="py-1.5 text-right tabular-nums text-slate-600">{formatPercent(b.percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </CardContent>
    </Card>
  );
}
