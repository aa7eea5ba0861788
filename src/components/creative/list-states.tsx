import { Inbox } from 'lucide-react';
import type * as React from 'react';
import { Spinner } from '../ui/spinner';

/** The dashed box a list shows when it has nothing to show: an icon (Inbox unless told, none with `null`), then `children`. */
export function EmptyState({ icon, children }: { icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      {icon === undefined ? <Inbox className="size-10 text-slate-400" aria-hidden /> : icon}
      {children}
    </div>
  );
}

/**
 * Loading, error and empty states shared by every list (galleries, folders, favorites, submissions,
 * users); renders `children` otherwise. Without `isEmpty`, the empty case is left to `children`.
 */
export function ListStates({
  isPending,
  isError,
  isEmpty = false,
  errorText,
  empty,
  emptyIcon,
  loading,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty?: boolean;
  errorText: string;
  /** The empty box's content (its icon comes from `emptyIcon`). */
  empty?: React.ReactNode;
  emptyIcon?: React.ReactNode;
  /** What stands in while pending, shaped like the list (e.g. CreativeGridSkeleton); a spinner otherwise. */
  loading?: React.ReactNode;
  children: React.ReactNode;
}) {
  if (isPending) {
    if (loading) return <>{loading}</>;
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-700">
        {errorText}
      </p>
    );
  }
  if (isEmpty) return <EmptyState icon={emptyIcon}>{empty}</EmptyState>;
  return <>{children}</>;
}
