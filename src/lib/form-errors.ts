import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from './errors';

/** Puts the server's field messages under the matching fields; returns true when any was placed. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: Path<T>[]): boolean {
  const serverFields = fieldErrorsOf(error);
  let placed = false;
  for (const field of fields) {
    const message = serverFields[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
