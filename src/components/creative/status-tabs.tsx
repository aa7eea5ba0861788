import type * as React from 'react';
import { useSearchParams } from 'react-router';
import type { ReviewCounts } from '@domain/types';
import { TabCount, Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';

export type SubmissionStatus = keyof ReviewCounts;

const TABS: { value: SubmissionStatus; label: string }[] = [
  { value: 'pending', label: 'En attente' },
  { value: 'rejected', label: 'Refusées' },
];

/** The 'En attente' / 'Refusées' tabs with their counts; the open tab lives in ?onglet. */
export function StatusTabs({
  label,
  counts,
  children,
}: {
  label: string;
  counts: ReviewCounts | undefined;
  children: (status: SubmissionStatus) => React.ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab: SubmissionStatus = params.get('onglet') === 'rejected' ? 'rejected' : 'pending';
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setParams(value === 'rejected' ? { onglet: 'rejected' } : {}, { replace: true })}
      className="flex flex-col gap-6"
    >
      <TabsList aria-label={label}>
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value} aria-label={counts ? `${t.label} (${counts[t.value]})` : t.label}>
            {t.label}
            <TabCount count={counts?.[t.value]} />
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {children(t.value)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
