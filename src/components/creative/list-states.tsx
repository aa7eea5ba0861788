import { Inbox } from 'lucide-react';
import type * as React from 'react';
import { Spinner } from '../ui/spinner';

/** Loading, error and empty states shared by the submission lists; renders `children` otherwise. */
export function ListStates({
  isPending,
  isError,
  isEmpty,
  errorText,
  empty,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  errorText: string;
  empty: React.ReactNode;
  children: React.ReactNode;
}) {
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="py-10 text-center text-red-700">
        {errorText}
      </p>
    );
  }
  if (isEmpty) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Inbox className="size-10 text-slate-400" aria-hidden />
        {empty}
      </div>
    );
  }
  return <>{children}</>;
}
