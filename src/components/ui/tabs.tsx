import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';

/** Radix tabs (arrow keys move between tabs) styled as pills. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex flex-wrap items-center gap-1 self-start rounded-full border border-slate-200 bg-white p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(buttonVariants({ variant: 'tab', size: 'sm' }), 'group', className)} {...props} />;
}

/** The count next to a tab label; inverts with the active tab. */
export function TabCount({ count }: { count: number | undefined }) {
  return (
    <span className="min-w-6 rounded-full bg-slate-100 px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-slate-700 group-data-[state=active]:bg-white/20 group-data-[state=active]:text-white">
      {count ?? '–'}
    </span>
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('focus-visible:outline-none', className)} {...props} />;
}
