import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { parseInput } from '../../domain/schemas/validate';

/** Reads the JSON body and validates it with a domain schema (French messages on failure). */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('VALIDATION');
  }
  return parseInput(schema, body);
}

/** Validates query-string parameters with a domain schema; a repeated key becomes an array. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const params = Object.fromEntries(
    Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
  );
  return parseInput(schema, params);
}
