import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { AppError } from '@domain/errors';
import { parseInput } from '@domain/schemas/validate';
import type { AppEnv } from './context';

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

/** Query strings carry strings, or arrays of them for a repeated key. */
type QueryShape = Partial<Record<string, string | string[]>>;

/**
 * readJson as a route middleware: the handler reads `c.req.valid('json')`, and the route's type
 * records the body's input type, so the typed client (`hc<App>`, src/gateway/http) checks it.
 * Same parsing and errors as readJson (any content type is parsed as JSON).
 */
export function jsonInput<S extends z.ZodType>(schema: S) {
  return createMiddleware<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>(async (c, next) => {
    c.req.addValidatedData('json', (await readJson(c, schema)) as object);
    await next();
  });
}

/** readQuery as a route middleware: the handler reads `c.req.valid('query')`; see jsonInput. */
export function queryInput<S extends z.ZodType<unknown, QueryShape>>(schema: S) {
  return createMiddleware<AppEnv, string, { in: { query: z.input<S> }; out: { query: z.output<S> } }>(async (c, next) => {
    c.req.addValidatedData('query', readQuery(c, schema) as object);
    await next();
  });
}
