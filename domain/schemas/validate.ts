import type { z } from 'zod';
import { AppError, type FieldErrors } from '../errors';

/** First message per field, keyed by the dotted path of the issue. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** Parses input with a domain schema or throws a VALIDATION AppError carrying the French messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError('VALIDATION', { message: Object.values(fields)[0], fields });
}
